package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.SharedAuthServer;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Hostile requests to the login endpoints and to Nacos's user API, case {@code i} of seed {@code s} always the same.
 * A login names the admin, the run's user, or anyone, with a password that is never the right one (near misses of
 * both real passwords, each the other's, hostile text), its fields in the query, the form or a JSON body, given
 * twice, missing, of the wrong type, in odd content types. No answer to one may carry a token, and with auth on
 * none may succeed. A user API call (users, roles, permissions) names known and hostile users, roles, resources and
 * actions; with auth on no caller of the run may make any, and with auth off every change is refused.
 */
final class AuthFuzz {

    static final String ADMIN_LOGIN = "/admin/auth/login";
    /** The password of the run's user with auth on; no generated password equals it or the admin's. */
    static final String USER_PASSWORD = "fuzz-User-Pass-4471";

    private static final String[] FORM_LOGINS = {"/v1/auth/users/login", "/v1/auth/login", "/v3/auth/user/login"};
    private static final String[] USER_API = {"/v1/auth/users", "/v1/auth/roles", "/v1/auth/permissions"};
    private static final String[] METHODS = {"GET", "POST", "PUT", "DELETE"};
    private static final String[] USER_PARAMS = {"username", "password", "newPassword", "role", "resource", "action",
            "pageNo", "pageSize", "search"};
    private static final String FORM = "application/x-www-form-urlencoded";

    private final long seed;
    private final Callers callers;

    AuthFuzz(long seed, Callers callers) {
        this.seed = seed;
        this.callers = callers;
    }

    HttpCase generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0xD6E8FEB86659FD93L + index));
        return h.chance(55) ? login(index, h) : userApi(index, h);
    }

    private HttpCase login(long index, Hostile h) {
        Map<String, String> params = new LinkedHashMap<>();
        if (h.chance(90)) {
            params.put("username", username(h));
        }
        if (h.chance(90)) {
            params.put("password", password(h));
        }
        if (h.chance(20)) {
            params.put(h.chance(50) ? h.text() : h.pick(USER_PARAMS), h.text());
        }
        String method = h.chance(93) ? "POST" : h.pick(METHODS);
        boolean mustRefuse = callers.authOn();
        if (h.chance(25)) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            params.forEach(body::put);
            if (h.chance(20)) {
                body.set(h.chance(50) ? "username" : "password", GrpcFuzz.anyValue(h, 0));
            }
            String json = body.toString();
            if (h.chance(5)) {
                json = "{\"username\":\"nacos\"," + json.substring(1);
            }
            String type = h.chance(85) ? "application/json" : h.pick(new String[]{FORM, "text/plain",
                    "application/json;charset=UTF-16", ";"});
            return new HttpCase(index, HttpCase.Kind.LOGIN, "login " + ADMIN_LOGIN, method, "/nacos" + ADMIN_LOGIN,
                    List.of(), List.of(), List.of(), type, json.getBytes(StandardCharsets.UTF_8), null, mustRefuse);
        }
        String path = h.pick(FORM_LOGINS);
        return formCase(index, HttpCase.Kind.LOGIN, "login " + path, method, "/nacos" + path, params, h,
                mustRefuse);
    }

    private HttpCase userApi(long index, Hostile h) {
        String path = h.pick(USER_API);
        String method = h.pick(METHODS);
        Map<String, String> params = new LinkedHashMap<>();
        int n = h.below(5);
        for (int i = 0; i < n; i++) {
            String name = h.chance(90) ? h.pick(USER_PARAMS) : h.text();
            params.put(name, h.chance(60) ? known(name, h) : h.text());
        }
        // With auth on nobody of the run is an admin; with auth off the user store takes no change at all.
        boolean mustRefuse = callers.authOn() || !method.equals("GET");
        return formCase(index, HttpCase.Kind.USER_API, method + " " + path + " n=" + n, method, "/nacos" + path,
                params, h, mustRefuse);
    }

    /** The parameters in the query, the form body or split between them; sometimes one twice or in odd types. */
    private static HttpCase formCase(long index, HttpCase.Kind kind, String label, String method, String path,
                                     Map<String, String> params, Hostile h, boolean mustRefuse) {
        List<String[]> query = new ArrayList<>();
        List<String[]> form = new ArrayList<>();
        int where = h.below(3);
        params.forEach((k, v) -> (where == 0 || where == 2 && k.equals("username") ? query : form)
                .add(new String[]{k, v}));
        if (h.chance(5) && !params.isEmpty()) {
            String name = params.keySet().iterator().next();
            (h.chance(50) ? query : form).add(new String[]{name, h.chance(50) ? params.get(name) : h.text()});
        }
        if (h.chance(8) && !form.isEmpty()) {
            String type = h.pick(new String[]{"application/json", FORM + ";charset=UTF-16", FORM + ";charset=x",
                    "text/plain", FORM + ";charset=ISO-8859-1"});
            byte[] body = form.stream().map(p -> URLEncoder.encode(p[0], StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(p[1], StandardCharsets.UTF_8)).collect(Collectors.joining("&"))
                    .getBytes(type.endsWith("UTF-16") ? StandardCharsets.UTF_16 : StandardCharsets.UTF_8);
            return new HttpCase(index, kind, label + " type=" + type, method, path, query, List.of(), List.of(), type,
                    body, null, mustRefuse);
        }
        return new HttpCase(index, kind, label, method, path, query, form, List.of(), null, null, null, mustRefuse);
    }

    private String username(Hostile h) {
        return switch (h.below(6)) {
            case 0, 1 -> "nacos";
            case 2 -> callers.userName();
            case 3 -> h.pick(new String[]{"NACOS", "nacos\u0000", "nacos ", "admin", "", "ROLE_ADMIN", "*"});
            default -> h.text();
        };
    }

    /** Never the admin's or the user's password. */
    private static String password(Hostile h) {
        String admin = SharedAuthServer.ADMIN_PASSWORD;
        String user = USER_PASSWORD;
        String[] nearMisses = {admin.toUpperCase(), admin.substring(1), admin + "x", user.toLowerCase(),
                user.substring(0, user.length() - 1), "nacos", "", "null", admin.replace('7', '8')};
        return switch (h.below(4)) {
            case 0, 1 -> h.pick(nearMisses);
            default -> h.text();
        };
    }

    private String known(String name, Hostile h) {
        return switch (name) {
            case "username" -> h.chance(50) ? "nacos" : callers.userName();
            case "password", "newPassword" -> "fz-New-Password-" + h.below(1000);
            case "role" -> h.chance(50) ? "ROLE_ADMIN" : callers.roleName();
            case "resource" -> h.pick(new String[]{"*:*:*", "fuzz-known:*:*", "public:*:*", ":*:*", "*"});
            case "action" -> h.pick(new String[]{"r", "w", "rw", "wr", "x"});
            case "pageNo", "pageSize" -> "1";
            default -> "fz";
        };
    }
}
