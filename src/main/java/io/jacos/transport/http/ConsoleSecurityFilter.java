package io.jacos.transport.http;

import io.jacos.transport.http.v2.V2Result;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The admin API and the console's pages: standard security headers on every answer (no sniffing, no framing,
 * no referrer, a content policy that allows only the console's own files, and no caching of the API's data), and
 * cross-site writes refused with 403 and the v2 code for access denied ({@link CrossSiteRule}). The open APIs
 * the clients use are left alone.
 */
@WebFilter(urlPatterns = {"/admin/*", "/console/*", "/index.html", ""}, asyncSupported = true)
public class ConsoleSecurityFilter extends HttpFilter {

    static final String CONTENT_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' "
            + "data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";
    static final int ACCESS_DENIED = 10001;

    private final HttpJson json = new HttpJson();

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Content-Security-Policy", CONTENT_POLICY);
        boolean api = request.getServletPath().startsWith("/admin");
        if (api) {
            response.setHeader("Cache-Control", "no-store");
        }
        if (api && !CrossSiteRule.allows(request.getMethod(), request.getHeader("Sec-Fetch-Site"),
                request.getHeader("Origin"), request.getHeader("Host"))) {
            response.setStatus(HttpServletResponse.SC_FORBIDDEN);
            response.setContentType(HttpJson.JSON_UTF8.toString());
            response.getOutputStream().write(json.write(new V2Result(ACCESS_DENIED, "access denied",
                    "A write to the admin API from a page of another site is refused; use the console of this "
                            + "server, or call the API without a browser.")).getBytes(StandardCharsets.UTF_8));
            return;
        }
        chain.doFilter(request, response);
    }
}
