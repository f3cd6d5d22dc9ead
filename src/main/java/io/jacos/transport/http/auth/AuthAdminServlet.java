package io.jacos.transport.http.auth;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.Action;
import io.jacos.auth.AuthGate;
import io.jacos.auth.UserAdmin;
import io.jacos.transport.http.HttpJson;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Nacos's own user API, for tools and scripts written against Nacos (every call needs a global admin's token):
 * {@code POST/PUT/DELETE/GET /v1/auth/users} ({@code username}, {@code password} or {@code newPassword}),
 * {@code POST/DELETE/GET /v1/auth/roles} ({@code role}, {@code username}), and
 * {@code POST/DELETE/GET /v1/auth/permissions} ({@code role}, {@code resource} as Nacos writes it,
 * {@code namespaceId:*:*}, of which the namespace counts, and {@code action} {@code r}, {@code w} or {@code rw}).
 * Answers are Nacos's {@code {"code","message","data"}}. The admin API has the same operations in its own form.
 */
@WebServlet(urlPatterns = {"/v1/auth/users", "/v1/auth/roles", "/v1/auth/permissions"})
public class AuthAdminServlet extends HttpServlet {

    @Inject
    AuthGate gate;
    @Inject
    UserAdmin users;

    private final HttpJson json = new HttpJson();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.setCharacterEncoding(StandardCharsets.UTF_8.name());
        try {
            gate.requireAdmin(RequestCredentials.headerToken(request)
                    .orElse(request.getParameter(RequestCredentials.TOKEN)));
            Object data = handle(request.getMethod(), request.getServletPath(), request::getParameter);
            answer(response, 200, data instanceof String text ? text : "ok", data instanceof String ? null : data);
        } catch (AccessRefused e) {
            answer(response, 403, e.getMessage(), null);
        } catch (UserAdmin.Refused e) {
            answer(response, e.kind() == UserAdmin.Refused.Kind.UNKNOWN ? 404
                    : e.kind() == UserAdmin.Refused.Kind.CONFLICT ? 409 : 400, e.getMessage(), null);
        } catch (IllegalArgumentException e) {
            answer(response, 400, e.getMessage(), null);
        }
    }

    private interface Params {
        String get(String name);
    }

    private Object handle(String method, String path, Params params) {
        String what = path.substring(path.lastIndexOf('/') + 1);
        switch (what + " " + method) {
            case "users GET" -> { return users.users(); }
            case "users POST" -> users.createUser(required(params, "username"), required(params, "password"));
            case "users PUT" -> users.changePassword(required(params, "username"), required(params, "newPassword"));
            case "users DELETE" -> users.deleteUser(required(params, "username"));
            case "roles GET" -> { return users.roles(); }
            case "roles POST" -> users.bindRole(required(params, "role"), required(params, "username"));
            case "roles DELETE" -> users.unbindRole(required(params, "role"), required(params, "username"));
            case "permissions GET" -> { return users.permissions(); }
            case "permissions POST" -> users.grant(permission(params));
            case "permissions DELETE" -> users.revoke(permission(params));
            default -> throw new IllegalArgumentException("method " + method + " is not supported here");
        }
        return what + " " + method.toLowerCase(java.util.Locale.ROOT) + " ok!";
    }

    private static UserAdmin.Permission permission(Params params) {
        String resource = required(params, "resource");
        String namespace = resource.contains(":") ? resource.substring(0, resource.indexOf(':')) : resource;
        String action = required(params, "action");
        Set<Action> actions = EnumSet.noneOf(Action.class);
        if (action.contains("r")) {
            actions.add(Action.READ);
        }
        if (action.contains("w")) {
            actions.add(Action.WRITE);
        }
        if (actions.isEmpty() || !action.matches("rw|r|w")) {
            throw new IllegalArgumentException("action must be r, w or rw");
        }
        return new UserAdmin.Permission(required(params, "role"), namespace.isEmpty() ? "public" : namespace, actions);
    }

    private static String required(Params params, String name) {
        return Optional.ofNullable(params.get(name)).filter(v -> !v.isBlank())
                .orElseThrow(() -> new IllegalArgumentException("Param '" + name + "' is required."));
    }

    private void answer(HttpServletResponse response, int code, String message, Object data) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        body.put("data", data);
        byte[] bytes = json.write(body).getBytes(StandardCharsets.UTF_8);
        response.setStatus(code);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType(HttpJson.JSON_UTF8.toString());
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
