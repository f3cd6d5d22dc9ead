package io.jacos.transport.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Refuses, first of everything under {@code /nacos}, a request whose path is not in its one plain spelling
 * ({@link PathRules}): 400 with the reason, plain text, and nothing logged per request. Declared first in web.xml.
 */
public class PathGuard extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Optional<String> refusal = PathRules.refusal(request.getRequestURI());
        if (refusal.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = refusal.get().getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        response.setContentType("text/plain;charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
