package io.jacos.transport.http.auth;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.LoginService;
import io.jacos.transport.http.HttpJson;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A login as the real clients read its answer, on every path they call it at: 200 with {@code accessToken},
 * {@code tokenTtl} (seconds), {@code globalAdmin} and {@code username}, never cached; a wrong name or password 403,
 * too many failures 429, each with a short text.
 */
final class LoginAnswers {

    private LoginAnswers() {
    }

    static Response login(LoginService logins, HttpJson json, String username, String password, String address) {
        LoginService.LoginResult result;
        try {
            result = logins.login(username, password, address);
        } catch (AccessRefused e) {
            int status = e.reason() == AccessRefused.Reason.TOO_MANY_ATTEMPTS ? 429 : 403;
            return Response.status(status).type(HttpJson.TEXT_UTF8).entity(e.getMessage()).build();
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("accessToken", result.accessToken());
        answer.put("tokenTtl", result.tokenTtlSeconds());
        answer.put("globalAdmin", result.globalAdmin());
        answer.put("username", result.username());
        return Response.ok(json.write(answer), HttpJson.JSON_UTF8).header("Cache-Control", "no-store").build();
    }
}
