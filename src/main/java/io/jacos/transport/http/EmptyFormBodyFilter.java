package io.jacos.transport.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * Hides the {@code Content-Type} of API requests that have no body. Nacos clients label every request
 * {@code application/x-www-form-urlencoded}, body or not; Jersey (Payara) then takes the empty form body for one
 * a servlet filter consumed and logs a warning on every such request, which for 1.x clients (a beat every five
 * seconds, a poll every ten) would flood the log, and which any caller could make on purpose. So it covers every
 * API. A request without a body has no media type to tell, so nothing else changes; requests with a body (the
 * beat's form) pass untouched.
 */
@WebFilter(urlPatterns = {"/v1/*", "/v2/*", "/v3/*", "/admin/*", "/prometheus/*", "/actuator/*"},
        asyncSupported = true)
public class EmptyFormBodyFilter extends HttpFilter {

    private static final String CONTENT_TYPE = "Content-Type";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(hasNoBody(request) && request.getContentType() != null ? new Untyped(request) : request,
                response);
    }

    /** No body: a length of 0, or no length and no chunked transfer. */
    static boolean hasNoBody(HttpServletRequest request) {
        long length = request.getContentLengthLong();
        return length == 0 || length < 0 && request.getHeader("Transfer-Encoding") == null;
    }

    private static final class Untyped extends HttpServletRequestWrapper {

        Untyped(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getContentType() {
            return null;
        }

        @Override
        public String getHeader(String name) {
            return CONTENT_TYPE.equalsIgnoreCase(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return CONTENT_TYPE.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            List<String> names = Collections.list(super.getHeaderNames());
            names.removeIf(CONTENT_TYPE::equalsIgnoreCase);
            return Collections.enumeration(names);
        }
    }
}
