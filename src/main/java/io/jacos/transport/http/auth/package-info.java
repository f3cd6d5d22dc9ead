/**
 * Nacos's auth endpoints on the open HTTP API: the logins the real clients call ({@code /v1/auth/users/login},
 * {@code /v1/auth/login}, {@code /v3/auth/user/login}) and Nacos's user, role and permission API under
 * {@code /v1/auth}. Who may call them is declared on each method, as everywhere ({@code transport.http.access}).
 * May depend on {@code io.jacos.auth}, {@code transport.http.access}, {@code transport.http.request} and the shared
 * pieces of {@code transport.http}.
 */
package io.jacos.transport.http.auth;
