package io.jacos.transport.http;

import io.jacos.limit.RateLimits;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Refuses HTTP requests over the per-IP limits before anything else runs (it is the first filter in web.xml,
 * ahead of auth and of the cluster's forwarding): 503 as Nacos answers over-threshold, in plain text for v1 and
 * in the v2 envelope (code 30000, as the v2 API's other over-threshold refusals) under {@code /v2/} and
 * {@code /admin/}. Instance writes also count as registrations; a beat counts as one only when it carries the
 * full {@code beat} (a light beat never registers). The form body is never read here: the resources still read it.
 * The client IP is the TCP peer's, never a header a client could choose.
 */
public class RateLimitFilter extends HttpFilter {

    @Inject
    RateLimits limits;
    @Inject
    HttpJson json;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String refusal = limits.httpRefusal(request.getRemoteAddr(), registration(request.getMethod(), path,
                request.getQueryString()));
        if (refusal == null) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(503);
        if (path.startsWith("/v2/") || path.startsWith("/admin/")) {
            response.setContentType("application/json;charset=UTF-8");
            response.getOutputStream().write(json.write(new Envelope(30000, "server error", refusal))
                    .getBytes(StandardCharsets.UTF_8));
        } else {
            response.setContentType("text/plain;charset=UTF-8");
            response.getOutputStream().write(refusal.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Instance writes of v1 and v2 (register, update, deregister, batch), and full beats. */
    static boolean registration(String method, String path, String query) {
        if ("GET".equals(method) || "HEAD".equals(method)
                || !(path.startsWith("/v1/ns/instance") || path.startsWith("/v2/ns/instance"))) {
            return false;
        }
        if (path.endsWith("/beat")) {
            return hasParam(query, "beat");
        }
        return !path.endsWith("/list") && !path.endsWith("/statuses");
    }

    private static boolean hasParam(String query, String name) {
        if (query == null) {
            return false;
        }
        for (String pair : query.split("&")) {
            if (pair.equals(name) || pair.startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }

    /** The v2 envelope's shape, kept here so this package needs nothing from {@code v2}. */
    record Envelope(int code, String message, Object data) {
    }
}
