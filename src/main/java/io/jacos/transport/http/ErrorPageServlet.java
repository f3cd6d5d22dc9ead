package io.jacos.transport.http;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The error page of the WAR ({@code WEB-INF/web.xml} points every error here): a plain-text status line instead
 * of the server's HTML report, for the errors the container raises before any filter or API runs (a request
 * for {@code WEB-INF}, a malformed request line). Called directly, it is just an unknown path.
 */
@WebServlet(urlPatterns = ErrorPageServlet.PATH)
public class ErrorPageServlet extends HttpServlet {

    static final String PATH = "/error-page";

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        int status = code instanceof Integer value ? value : HttpServletResponse.SC_NOT_FOUND;
        String path = uri != null ? uri.toString() : request.getRequestURI();
        String message = switch (status) {
            case HttpServletResponse.SC_NOT_FOUND, HttpServletResponse.SC_FORBIDDEN -> "No such resource: " + path;
            case HttpServletResponse.SC_METHOD_NOT_ALLOWED -> "Method " + request.getMethod()
                    + " is not allowed on " + path + ".";
            case HttpServletResponse.SC_INTERNAL_SERVER_ERROR -> "server error";
            default -> "Request refused (" + status + ").";
        };
        // A path the container keeps private (WEB-INF) is not there as far as clients are concerned.
        response.setStatus(status == HttpServletResponse.SC_FORBIDDEN ? HttpServletResponse.SC_NOT_FOUND : status);
        response.setContentType("text/plain;charset=UTF-8");
        byte[] body = message.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
