/**
 * Technical producers every layer may use: the clock, the operator's {@code conf/application.properties} as a
 * MicroProfile Config source, the detection of the port the server runs on and the ports and addresses in effect
 * ({@link io.jacos.infrastructure.ServerEndpoints}), pools of container-managed threads, and
 * {@link io.jacos.infrastructure.ClusterSecret}, the secret every node of a server cluster shares (implemented by
 * {@code cluster}, read by auth for the token key and by the HTTP forwarding for its proofs). May depend on
 * {@code settings}.
 */
package io.jacos.infrastructure;
