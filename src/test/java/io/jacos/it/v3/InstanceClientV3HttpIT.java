package io.jacos.it.v3;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v3/client/ns/instance} called raw with auth on: register, beat, list, deregister, refusals. */
@ExtendWith(SharedAuthServer.class)
@DisplayName("v3 naming client routes over raw HTTP")
class InstanceClientV3HttpIT {

    private static final String INSTANCE = "/nacos/v3/client/ns/instance";
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static AuthUsers users;
    private final NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());

    @BeforeAll
    static void setUp() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
    }

    @Test
    @DisplayName("register, beat, list the enabled instances, deregister")
    void registerBeatListDeregister() {
        String service = NamingClients.uniqueName("v3cli");
        Map<String, String> instance = Map.of("serviceName", service, "groupName", "G3", "ip", "127.0.0.31",
                "port", "9031", "accessToken", users.adminToken());
        NacosHttp.Answer registered = http.call("POST", INSTANCE, Map.of(), instance);
        assertEquals(200, registered.status(), registered.toString());
        assertEquals("ok", registered.data().asText());
        await().atMost(WAIT).until(() -> endpoints(service).equals(List.of("127.0.0.31:9031")));
        JsonNode host = list(service).data().get(0);
        assertTrue(host.path("healthy").asBoolean());
        assertEquals("DEFAULT", host.path("clusterName").asText());

        NacosHttp.Answer beat = http.call("POST", INSTANCE, Map.of(), with(instance, "heartBeat", "true"));
        assertEquals(0, beat.json().path("code").asInt(), beat.toString());
        NacosHttp.Answer lost = http.call("POST", INSTANCE, Map.of(), with(with(instance, "heartBeat", "true"),
                "port", "9039"));
        assertEquals(200, lost.status(), lost.toString());
        assertEquals(21003, lost.json().path("code").asInt(), lost.toString());

        NacosHttp.Answer removed = http.call("DELETE", INSTANCE, instance);
        assertEquals(200, removed.status(), removed.toString());
        await().atMost(WAIT).until(() -> endpoints(service).isEmpty());
    }

    @Test
    @DisplayName("anonymous writes get 403 with code 10001; bad input 400 in the envelope, no stack trace")
    void refusals() {
        String service = NamingClients.uniqueName("v3bad");
        NacosHttp.Answer anonymous = http.call("POST", INSTANCE, Map.of(), Map.of("serviceName", service,
                "ip", "127.0.0.32", "port", "9032"));
        assertEquals(403, anonymous.status(), anonymous.toString());
        assertEquals(10001, anonymous.json().path("code").asInt());
        Map<String, String> token = Map.of("accessToken", users.adminToken());
        for (Map<String, String> bad : List.of(Map.of("serviceName", service, "port", "9032"),
                Map.of("serviceName", service, "ip", "127.0.0.32", "port", "99999"),
                Map.of("serviceName", service, "ip", "127.0.0.32", "port", "9032", "weight", "-3"),
                Map.of("ip", "127.0.0.32", "port", "9032"))) {
            NacosHttp.Answer refused = http.call("POST", INSTANCE, token, bad);
            assertEquals(400, refused.status(), bad + " " + refused);
            assertTrue(refused.json().path("code").asInt() >= 10000, refused.toString());
            assertFalse(refused.body().contains("Exception"), refused.toString());
        }
    }

    private NacosHttp.Answer list(String service) {
        return http.get(INSTANCE + "/list", Map.of("serviceName", service, "groupName", "G3",
                "accessToken", users.adminToken()));
    }

    private List<String> endpoints(String service) {
        List<String> found = new ArrayList<>();
        list(service).data().forEach(h -> found.add(h.path("ip").asText() + ":" + h.path("port").asInt()));
        return found;
    }

    private static Map<String, String> with(Map<String, String> base, String name, String value) {
        Map<String, String> more = new HashMap<>(base);
        more.put(name, value);
        return more;
    }
}
