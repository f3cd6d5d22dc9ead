package io.jacos.it.v3;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The v3 configuration routes called raw with auth on: who may call them, bad input answered in Nacos 3's
 * envelope (HTTP status, code, short text, detail) with no stack trace, and the client read's own answers.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("v3 configuration routes over raw HTTP: access, bad input, client read")
class ConfigV3HttpIT {

    private static final String CONFIG = "/nacos/v3/admin/cs/config";
    private static AuthUsers users;
    private static String namespace;
    private final NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());

    @BeforeAll
    static void setUp() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        namespace = users.createNamespace("v3cfg");
    }

    @Test
    @DisplayName("anonymous calls get 403 with code 10001; a reader may read but not publish; the admin may")
    void access() {
        String dataId = "acc-" + UUID.randomUUID();
        Map<String, String> ref = Map.of("dataId", dataId, "groupName", "G", "namespaceId", namespace);
        NacosHttp.Answer anonymous = http.get(CONFIG, ref);
        assertEquals(403, anonymous.status(), anonymous.toString());
        assertEquals(10001, anonymous.json().path("code").asInt());
        assertEquals(403, http.get("/nacos/v3/client/cs/config", ref).status());

        String reader = "v3reader" + UUID.randomUUID().toString().substring(0, 6);
        users.createUser(reader, "Reader-Pass-1", namespace, "r");
        String readerToken = AuthUsers.login(http, reader, "Reader-Pass-1");
        NacosHttp.Answer refused = http.call("POST", CONFIG, Map.of("accessToken", readerToken),
                with(ref, "content", "x=1"));
        assertEquals(403, refused.status(), refused.toString());
        assertEquals(10001, refused.json().path("code").asInt());
        NacosHttp.Answer elsewhere = http.get(CONFIG, Map.of("dataId", dataId, "groupName", "G",
                "accessToken", readerToken));
        assertEquals(403, elsewhere.status(), "the reader has no grant in public: " + elsewhere);

        NacosHttp.Answer published = http.call("POST", CONFIG, admin(), with(ref, "content", "x=1"));
        assertEquals(200, published.status(), published.toString());
        assertTrue(published.data().asBoolean());
        NacosHttp.Answer read = http.get(CONFIG, with(ref, "accessToken", readerToken));
        assertEquals(200, read.status(), read.toString());
        assertEquals("x=1", read.data().path("content").asText());
        assertEquals(namespace, read.data().path("namespaceId").asText());
    }

    @Test
    @DisplayName("missing, malformed and unserved parameters: 400 with Nacos 3's code, never a stack trace")
    void badInput() {
        expectRefused(http.get(CONFIG, with(Map.of("dataId", "d"), "accessToken", token())), 400, 10000,
                "groupName");
        expectRefused(http.get(CONFIG, with(Map.of("groupName", "G"), "accessToken", token())), 400, 10000,
                "dataId");
        expectRefused(http.call("POST", CONFIG, admin(), Map.of("dataId", "d", "groupName", "G")), 400, 10000,
                "content");
        expectRefused(http.get(CONFIG, Map.of("dataId", "bad id/..", "groupName", "G", "accessToken", token())),
                400, 20002, null);
        expectRefused(http.get(CONFIG + "/list", Map.of("search", "fuzzy", "accessToken", token())), 400, 20002,
                "search");
        expectRefused(http.get(CONFIG + "/list", Map.of("configDetail", "needle", "accessToken", token())), 400,
                20002, "configDetail");
        expectRefused(http.get(CONFIG + "/list", Map.of("pageNo", "first", "accessToken", token())), 400, 20002,
                "pageNo");
        expectRefused(http.get("/nacos/v3/admin/cs/history", Map.of("dataId", "d", "groupName", "G", "nid", "x",
                "accessToken", token())), 400, 20002, "nid");
        expectRefused(http.get("/nacos/v3/admin/cs/history/configs", Map.of("accessToken", token())), 400, 10000,
                "namespaceId");
        NacosHttp.Answer unknown = http.get("/nacos/v3/admin/cs/nothing-here", Map.of("accessToken", token()));
        assertEquals(404, unknown.status(), unknown.toString());
        assertEquals(20004, unknown.json().path("code").asInt());
    }

    @Test
    @DisplayName("a compare-and-set publish with a stale md5 is refused and leaves the content")
    void compareAndSet() {
        Map<String, String> ref = Map.of("dataId", "cas-" + UUID.randomUUID(), "groupName", "G");
        assertEquals(200, http.call("POST", CONFIG, admin(), with(ref, "content", "one")).status());
        NacosHttp.Answer stale = http.call("POST", CONFIG, admin(), with(ref, "content", "two"),
                NacosHttp.USER_AGENT_1_4_6, Map.of("casMd5", "0123456789abcdef0123456789abcdef"));
        assertEquals(20005, stale.json().path("code").asInt(), stale.toString());
        assertEquals("one", http.get(CONFIG, with(ref, "accessToken", token())).data().path("content").asText());
    }

    @Test
    @DisplayName("the client read: content, md5 and type; none there is HTTP 200 with code 20004")
    void clientRead() {
        Map<String, String> ref = Map.of("dataId", "cli-" + UUID.randomUUID() + ".json", "groupName", "G",
                "namespaceId", namespace);
        NacosHttp.Answer none = http.get("/nacos/v3/client/cs/config", with(ref, "accessToken", token()));
        assertEquals(200, none.status(), none.toString());
        assertEquals(20004, none.json().path("code").asInt());
        http.call("POST", CONFIG, admin(), with(with(ref, "content", "{\"a\":1}"), "type", "json"));
        NacosHttp.Answer found = http.get("/nacos/v3/client/cs/config", with(ref, "accessToken", token()));
        assertEquals(0, found.json().path("code").asInt(), found.toString());
        assertEquals("{\"a\":1}", found.data().path("content").asText());
        assertEquals("json", found.data().path("contentType").asText());
        assertEquals(32, found.data().path("md5").asText().length());
        assertTrue(found.data().path("lastModified").asLong() > 0);
    }

    private static void expectRefused(NacosHttp.Answer answer, int status, int code, String named) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(code, answer.json().path("code").asInt(), answer.toString());
        assertFalse(answer.json().path("message").asText().isEmpty(), answer.toString());
        if (named != null) {
            assertTrue(answer.json().path("data").asText().contains(named), answer.toString());
        }
        assertFalse(answer.body().contains("\tat ") || answer.body().contains("Exception"), answer.toString());
    }

    private String token() {
        return users.adminToken();
    }

    private Map<String, String> admin() {
        return Map.of("accessToken", token());
    }

    private static Map<String, String> with(Map<String, String> base, String name, String value) {
        Map<String, String> more = new HashMap<>(base);
        more.put(name, value);
        return more;
    }
}
