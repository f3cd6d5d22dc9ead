/**
 * The admin API under {@code /nacos/admin} that the console in {@code src/main/webapp} calls: namespaces,
 * services, instances, subscribers, change history, connections, server and cluster. Thin: each resource maps
 * JSON to {@code application} calls and reads, and answers in the v2 envelope. May depend on {@code application},
 * {@code model}, {@code registry} reads and the shared HTTP helpers of {@code transport.http}.
 */
package io.jacos.transport.http.admin;
