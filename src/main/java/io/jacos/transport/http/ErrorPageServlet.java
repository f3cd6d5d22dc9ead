package io.jacos.transport.http;

import io.jacos.transport.http.v2.V2Errors;
import io.jacos.transport.http.v2.V2Result;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The error page of the WAR ({@code WEB-INF/web.xml} points every error here), for the errors the container or the
 * JAX-RS runtime raise before any filter or API runs (a request for {@code WEB-INF}, a malformed request line or
 * {@code Content-Type} header): a plain-text status line instead of the server's HTML report, and, under the admin
 * and v2 APIs, whose every answer is the v2 envelope, that envelope with the status's v2 code. Called directly, it
 * is just an unknown path.
 */
@WebServlet(urlPatterns = ErrorPageServlet.PATH)
public class ErrorPageServlet extends HttpServlet {

    static final String PATH = "/error-page";
    private static final HttpJson JSON = new HttpJson();

    /** What the page answers. */
    record Answer(int status, String contentType, String body) {
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        int status = code instanceof Integer value ? value : HttpServletResponse.SC_NOT_FOUND;
        String path = uri != null ? uri.toString() : request.getRequestURI();
        Answer answer = answer(status, request.getMethod(), path, request.getContextPath());
        response.setStatus(answer.status());
        response.setContentType(answer.contentType());
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * @param path        the path of the failed request, context root included
     * @param contextPath the context root ({@code /nacos})
     */
    static Answer answer(int status, String method, String path, String contextPath) {
        String message = switch (status) {
            case HttpServletResponse.SC_NOT_FOUND, HttpServletResponse.SC_FORBIDDEN -> "No such resource: " + path;
            case HttpServletResponse.SC_METHOD_NOT_ALLOWED -> "Method " + method + " is not allowed on " + path + ".";
            case HttpServletResponse.SC_INTERNAL_SERVER_ERROR -> "server error";
            default -> "Request refused (" + status + ").";
        };
        // A path the container keeps private (WEB-INF) is not there as far as clients are concerned.
        int shown = status == HttpServletResponse.SC_FORBIDDEN ? HttpServletResponse.SC_NOT_FOUND : status;
        if (!underEnvelopeApi(path, contextPath)) {
            return new Answer(shown, "text/plain;charset=UTF-8", message);
        }
        V2Errors.Code v2 = switch (shown) {
            case HttpServletResponse.SC_NOT_FOUND, HttpServletResponse.SC_METHOD_NOT_ALLOWED ->
                    V2Errors.RESOURCE_NOT_FOUND;
            case HttpServletResponse.SC_INTERNAL_SERVER_ERROR -> V2Errors.SERVER_ERROR;
            default -> V2Errors.PARAMETER_VALIDATE_ERROR;
        };
        return new Answer(shown, "application/json;charset=UTF-8", JSON.write(new V2Result(v2.code(), v2.text(),
                message)));
    }

    private static boolean underEnvelopeApi(String path, String contextPath) {
        String inside = path.startsWith(contextPath) ? path.substring(contextPath.length()) : path;
        return inside.equals("/admin") || inside.startsWith("/admin/") || inside.equals("/v2")
                || inside.startsWith("/v2/");
    }
}
