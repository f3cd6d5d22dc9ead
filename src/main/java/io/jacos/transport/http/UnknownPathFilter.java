package io.jacos.transport.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.MappingMatch;

import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * Answers every request under {@code /nacos} that neither API nor a static file serves: 404 with a plain
 * message, whatever the method. Without it the container's default servlet answers, differently per server (an
 * HTML page, or 403 for an unknown PUT or DELETE on Payara), and Nacos tooling expects 404. Requests mapped to
 * a servlet of their own (the APIs, whose error mappers answer unknown paths there, or a test runner) pass
 * untouched; of what falls to the default servlet, static files are served for GET and HEAD and refused with
 * 405 otherwise. It never reads request parameters, which would consume a form body the
 * API still has to read.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class UnknownPathFilter extends HttpFilter {

    private static final Set<String> READ_METHODS = Set.of("GET", "HEAD");

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (!fallsToTheDefaultServlet(request.getHttpServletMapping().getMappingMatch())) {
            chain.doFilter(request, response);
            return;
        }
        if (!isStaticFile(getServletContext(), path)) {
            answer(response, HttpServletResponse.SC_NOT_FOUND, "No such resource: " + request.getRequestURI());
            return;
        }
        if (!READ_METHODS.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            response.setHeader("Allow", "GET, HEAD");
            answer(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Method " + request.getMethod()
                    + " is not allowed on " + request.getRequestURI() + ".");
            return;
        }
        chain.doFilter(request, response);
    }

    /** Only requests no servlet of the application claims (default servlet, JSP, the bare context root). */
    static boolean fallsToTheDefaultServlet(MappingMatch match) {
        return match == null || match == MappingMatch.DEFAULT || match == MappingMatch.EXTENSION
                || match == MappingMatch.CONTEXT_ROOT;
    }

    /**
     * A file of the WAR outside WEB-INF and META-INF; a folder counts when it holds an index.html (the console at
     * {@code /nacos/}). A file is told from a folder by its parent's listing, where folders end with "/": asking
     * for a file's own listing answers null on some servers and an empty set on others (Payara).
     */
    static boolean isStaticFile(ServletContext context, String path) {
        String upper = path.toUpperCase(Locale.ROOT);
        if (path.isEmpty() || upper.startsWith("/WEB-INF") || upper.startsWith("/META-INF") || path.contains("..")) {
            return false;
        }
        try {
            if (path.endsWith("/")) {
                return context.getResource(path + "index.html") != null;
            }
            Set<String> siblings = context.getResourcePaths(path.substring(0, path.lastIndexOf('/') + 1));
            return siblings != null && siblings.contains(path) && context.getResource(path) != null;
        } catch (MalformedURLException e) {
            return false;
        }
    }

    private static void answer(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain;charset=UTF-8");
        byte[] body = message.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
