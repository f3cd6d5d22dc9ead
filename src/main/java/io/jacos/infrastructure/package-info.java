/**
 * Technical producers every layer may use: the clock, the settings read through MicroProfile Config (and the
 * operator's {@code conf/application.properties} as one of its sources), the
 * detection of the port the server runs on, and pools of container-managed threads. May depend on nothing of
 * ours.
 */
package io.jacos.infrastructure;
