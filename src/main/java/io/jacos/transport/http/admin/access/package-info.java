/**
 * Who may call the admin API: the table of what each call needs ({@link
 * io.jacos.transport.http.admin.access.AdminAccess}), the servlet filter that checks the caller's token against it
 * through {@code auth}'s {@code AuthGate} before any resource runs, and the request's {@link
 * io.jacos.transport.http.admin.access.Caller}. May depend on {@code auth} and the shared HTTP helpers of
 * {@code transport.http}; the admin resources depend on it, never the other way round.
 */
package io.jacos.transport.http.admin.access;
