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
 * {@code /admin/}. It decides on the client IP alone (the TCP peer's, never a header a client could choose), so it
 * reads nothing of the request; what counts as a registration is decided on the routed method
 * ({@link RegistrationLimit}).
 */
public class RateLimitFilter extends HttpFilter {

    private final RateLimits limits;
    private final HttpJson json;

    /** The servlet container builds this filter through CDI, which calls this constructor. */
    @Inject
    public RateLimitFilter(RateLimits limits, HttpJson json) {
        this.limits = limits;
        this.json = json;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String refusal = limits.httpRefusal(request.getRemoteAddr());
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

    /** The v2 envelope's shape, kept here so this package needs nothing from {@code v2}. */
    record Envelope(int code, String message, Object data) {
    }
}
