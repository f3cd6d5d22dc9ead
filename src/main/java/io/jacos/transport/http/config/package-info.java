/**
 * The configuration service's HTTP API as Nacos clients and tools call it: v1 {@code /nacos/v1/cs/configs} (with
 * the 1.x clients' long polling) and {@code /nacos/v1/cs/history}, and v2 {@code /nacos/v2/cs/config} and
 * {@code /nacos/v2/cs/history}, and for the console's admin API a configuration's listeners on this node (which
 * needs the long polls {@code push} holds). Resources parse with {@code transport.http.param}, call the {@code application}
 * configuration use cases and hold long polls in {@code push}; failures become answers in each API version's own
 * mappers. May depend on {@code application}, {@code model}, {@code push}, {@code settings} and the parent
 * {@code transport.http} packages.
 */
package io.jacos.transport.http.config;
