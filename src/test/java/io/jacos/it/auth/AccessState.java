package io.jacos.it.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.fuzz.RegistrySnapshot;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp;

import java.util.Map;
import java.util.TreeMap;

/**
 * What an attack on a server with auth on must leave exactly as it was, as an admin sees it: the registry (every
 * namespace, service and instance, as {@link RegistrySnapshot} takes it) and the users, role bindings, grants and
 * namespaces of the auth store.
 */
final class AccessState {

    private AccessState() {
    }

    static Map<String, JsonNode> take(String serverAddr, String adminToken) {
        Map<String, JsonNode> state = new TreeMap<>(RegistrySnapshot.take(serverAddr, true, adminToken));
        JsonHttp admin = new JsonHttp(serverAddr, adminToken);
        for (String part : new String[]{"users", "roles", "permissions", "namespaces"}) {
            NacosHttp.Answer answer = admin.get("/nacos/admin/" + part);
            if (answer.status() != 200) {
                throw new AssertionError("state: " + part + " answered " + answer);
            }
            state.put("auth/" + part, answer.data());
        }
        return state;
    }

    static String diff(Map<String, JsonNode> before, Map<String, JsonNode> after) {
        return RegistrySnapshot.diff(before, after);
    }
}
