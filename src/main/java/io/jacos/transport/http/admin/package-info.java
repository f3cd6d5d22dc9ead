/**
 * The admin API under {@code /nacos/admin} that the console in {@code src/main/webapp} calls: namespaces,
 * services, instances, subscribers, change history, configurations (search, edit, history, import and export),
 * connections, server and cluster, and with auth on users,
 * roles, permissions and the console's login, described by MicroProfile
 * OpenAPI at the server's {@code /openapi}. Thin: each resource maps JSON to {@code application} calls and reads,
 * and answers in the v2 envelope ({@link io.jacos.transport.http.admin.AdminErrors} for refusals). May depend on
 * {@code application}, {@code model}, {@code registry} and {@code audit} reads, the {@code cluster} view and the
 * {@code balance} operations (drain, rebalance), {@code auth}'s interfaces, the caller from {@code transport.http.access}
 * (whose check has run on every call before its resource method), and the shared HTTP helpers of
 * {@code transport.http}.
 */
package io.jacos.transport.http.admin;
