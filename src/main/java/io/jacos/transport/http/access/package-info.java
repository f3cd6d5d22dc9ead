/**
 * Who may call which HTTP API method. Every JAX-RS resource method declares what it needs ({@link
 * io.jacos.transport.http.access.Access}); after routing, {@link io.jacos.transport.http.access.AccessCheck} checks
 * the caller's token against the routed method's declaration, with the namespace taken from the same parsed
 * request the method reads, and records the {@link io.jacos.transport.http.access.Caller}. A method that declares
 * nothing is refused to everyone. Decisions are never made on the raw path. May depend on {@code auth},
 * {@code transport.http.request} and the JAX-RS and Servlet APIs.
 */
package io.jacos.transport.http.access;
