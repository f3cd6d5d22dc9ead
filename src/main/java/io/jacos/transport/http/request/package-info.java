/**
 * The one reading of each HTTP API request, before any decision is made on it: the body is read once, within a
 * size limit, only in the content type and charset the routed resource method accepts, and parsed with the query
 * string into one {@link io.jacos.transport.http.request.ParsedRequest}, which the access check, the rate limit,
 * forwarding and the resource all read. Anything it cannot read the one way is refused (400, 413 or 415) before
 * it reaches them; a large body first takes its share of the node's budget for large writes
 * ({@code application.LargeWrites}), held until the request ends. May depend on {@code transport.http.param},
 * {@code model}, {@code settings}, that budget and the JAX-RS API.
 */
package io.jacos.transport.http.request;
