/**
 * Technical producers every layer may use: the clock, the operator's {@code conf/application.properties} as a
 * MicroProfile Config source, the detection of the port the server runs on and the ports and addresses in effect
 * ({@link io.jacos.infrastructure.ServerEndpoints}), and pools of container-managed threads. May depend on
 * {@code settings}.
 */
package io.jacos.infrastructure;
