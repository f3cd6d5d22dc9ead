/**
 * Rate limits: token buckets per key (a connection, a client IP), kept in bounded maps, and the server's set of
 * limits read from the {@code jacos.limit.*} settings. The transports ask before any registry work and answer a
 * refusal with Nacos's over-threshold code (503). May depend on {@code settings}.
 */
package io.jacos.limit;
