/**
 * Auth on the open HTTP APIs: the login endpoints the real clients call ({@link LoginServlet}), and the filter that
 * checks the token of every request to the naming API (v1, v2), the console's namespace and core endpoints, and
 * Prometheus service discovery ({@link AuthFilter}), with the one table of what each path needs
 * ({@link HttpAccessRule}). Health, readiness and the login itself stay open. With auth off nothing here checks
 * anything. The admin API under {@code /nacos/admin} has checks of its own. May depend on {@code io.jacos.auth},
 * {@code io.jacos.model}, the Servlet API and the shared pieces of {@code transport.http}.
 */
package io.jacos.transport.http.auth;
