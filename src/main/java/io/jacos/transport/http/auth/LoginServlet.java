package io.jacos.transport.http.auth;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.LoginService;
import io.jacos.transport.http.HttpJson;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The login the real clients call: 1.x and 2.x {@code POST /v1/auth/users/login} (name in the query, password in
 * the form body), 3.x {@code POST /v3/auth/user/login} first; {@code /v1/auth/login} is the older path. A success is
 * 200 with the JSON the clients read ({@code accessToken}, {@code tokenTtl} in seconds, {@code globalAdmin}, and
 * {@code username}); wrong credentials 403 and too many failures from one address 429, each with a short text.
 * A servlet rather than a JAX-RS resource: {@code /v3} has no API of its own, and the container's own form parsing
 * suffices here (nothing after this reads the body).
 */
@WebServlet(urlPatterns = {"/v1/auth/users/login", "/v1/auth/login", "/v3/auth/user/login"})
public class LoginServlet extends HttpServlet {

    @Inject
    LoginService logins;

    private final HttpJson json = new HttpJson();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.setCharacterEncoding(StandardCharsets.UTF_8.name());
        LoginService.LoginResult result;
        try {
            result = logins.login(request.getParameter("username"), request.getParameter("password"),
                    request.getRemoteAddr());
        } catch (AccessRefused e) {
            int status = e.reason() == AccessRefused.Reason.TOO_MANY_ATTEMPTS ? 429 : HttpServletResponse.SC_FORBIDDEN;
            write(response, status, HttpJson.TEXT_UTF8.toString(), e.getMessage());
            return;
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("accessToken", result.accessToken());
        answer.put("tokenTtl", result.tokenTtlSeconds());
        answer.put("globalAdmin", result.globalAdmin());
        answer.put("username", result.username());
        response.setHeader("Cache-Control", "no-store");
        write(response, HttpServletResponse.SC_OK, HttpJson.JSON_UTF8.toString(), json.write(answer));
    }

    private static void write(HttpServletResponse response, int status, String type, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(type);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
