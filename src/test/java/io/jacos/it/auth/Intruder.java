package io.jacos.it.auth;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the attack tests on the shared auth server start from: a namespace worth attacking ({@code secret}), holding a
 * service with a persistent instance at the server's own port (so its TCP check leaves it as it is), and a user with
 * read and write in another namespace only ({@code own}), logged in.
 */
record Intruder(AuthUsers users, String secret, String own, String username, String token, String service) {

    static Intruder on(int httpPort, String prefix, String password) {
        NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());
        AuthUsers users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        String secret = users.createNamespace(prefix + "-secret");
        String own = users.createNamespace(prefix + "-own");
        String username = NamingClients.uniqueName(prefix + "-bob");
        users.createUser(username, password, own, "rw");
        String service = NamingClients.uniqueName(prefix + "-svc");
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.1", "port", Integer.toString(httpPort), "ephemeral", "false",
                "namespaceId", secret, "accessToken", users.adminToken()));
        assertEquals(200, registered.status(), registered.toString());
        return new Intruder(users, secret, own, username, AuthUsers.login(http, username, password), service);
    }
}
