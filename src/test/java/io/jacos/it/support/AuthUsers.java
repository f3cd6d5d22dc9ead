package io.jacos.it.support;

import java.util.Map;

/**
 * Users, roles, grants and namespaces on a server with auth on, made through Nacos's own HTTP API with the
 * admin's token, for tests that need a user of their own; and logins as the real clients make them.
 */
public final class AuthUsers {

    private final NacosHttp http;
    private final String adminToken;

    public AuthUsers(String serverAddr, String adminUser, String adminPassword) {
        this.http = new NacosHttp(serverAddr);
        this.adminToken = login(http, adminUser, adminPassword);
    }

    /** A token for the user, by {@code POST /nacos/v1/auth/users/login} as the 1.x/2.x clients call it. */
    public static String login(NacosHttp http, String username, String password) {
        NacosHttp.Answer answer = http.call("POST", "/nacos/v1/auth/users/login", Map.of("username", username),
                Map.of("password", password));
        if (answer.status() != 200) {
            throw new AssertionError("login of " + username + " failed: " + answer);
        }
        return answer.json().get("accessToken").asText();
    }

    public String adminToken() {
        return adminToken;
    }

    /** A user bound to a role of the same name, with the given actions ({@code r}, {@code w}, {@code rw}) in the namespace. */
    public void createUser(String username, String password, String namespaceId, String actions) {
        expectOk(http.call("POST", "/nacos/v1/auth/users", Map.of("username", username, "password", password,
                "accessToken", adminToken)));
        expectOk(http.call("POST", "/nacos/v1/auth/roles", Map.of("role", "role-" + username, "username", username,
                "accessToken", adminToken)));
        expectOk(http.call("POST", "/nacos/v1/auth/permissions", Map.of("role", "role-" + username,
                "resource", namespaceId + ":*:*", "action", actions, "accessToken", adminToken)));
    }

    /** A namespace named {@code prefix-<random>}, created with the admin's token; its id. */
    public String createNamespace(String prefix) {
        String id = prefix + "-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        expectOk(http.call("POST", "/nacos/v1/console/namespaces", Map.of("customNamespaceId", id,
                "namespaceName", id, "accessToken", adminToken)));
        return id;
    }

    /** The instances of a service as the admin sees them ({@code GET /nacos/v1/ns/instance/list}). */
    public NacosHttp.Answer instances(String namespaceId, String service) {
        return http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", service, "namespaceId", namespaceId,
                "accessToken", adminToken));
    }

    private static void expectOk(NacosHttp.Answer answer) {
        if (answer.status() != 200) {
            throw new AssertionError("auth setup call failed: " + answer);
        }
    }
}
