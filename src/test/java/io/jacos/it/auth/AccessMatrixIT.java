package io.jacos.it.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.auth.Need;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.RawHttp;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.testing.ApiRoutes;
import io.jacos.testing.ApiRoutes.Route;
import io.jacos.transport.http.access.Access;
import jakarta.ws.rs.Consumes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every HTTP route the server has (read from its JAX-RS model, not listed here), called with auth on by an anonymous
 * caller and by a user whose only grant is another namespace, at its plain path and at every other spelling of that
 * path ({@link PathSpellings}). Wherever the plain path is refused, every spelling is refused too: by the access
 * check itself (401, 403), as no route at all (404, 405), or as a path not in its plain spelling (400 from the path
 * rules); never served, and never refused later for a reason only a passed check could reach. Afterwards the
 * registry, the namespaces, the users and their grants are exactly as before, and both users still log in.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: every route at every spelling of its path, anonymous and without the grant")
class AccessMatrixIT {

    private static final String PASSWORD = "matrix-Pass-2291";
    private static final Set<String> PATH_REFUSALS = Set.of("Path parameters (';') are not accepted.",
            "Empty path segments ('//') are not accepted.", "The path is not URL-encoded.",
            "Dot segments ('.', '..') are not accepted in the path.",
            "Encoded separators and control characters are not accepted in the path.");

    private static final java.util.regex.Pattern ROOT_REDIRECT =
            java.util.regex.Pattern.compile("(?im)^location: http://127\\.0\\.0\\.1:\\d+/nacos/(\\?|$)");

    private static JacosServer server;
    private static AuthUsers users;
    private static String secret;
    private static String bob;
    private static String own;
    private static String bobToken;
    private static String service;

    @RegisterExtension
    static final BeforeAllCallback SERVER = context -> server = SharedAuthServer.server(context);

    @BeforeAll
    static void setUp() {
        Intruder intruder = Intruder.on(server.httpPort(), "matrix", PASSWORD);
        users = intruder.users();
        secret = intruder.secret();
        bob = intruder.username();
        own = intruder.own();
        bobToken = intruder.token();
        service = intruder.service();
    }

    @Test
    @DisplayName("no spelling of a path is served with a weaker check than the plain path")
    void noSpellingWeakensTheCheck() throws Exception {
        Map<String, JsonNode> before = AccessState.take(SharedAuthServer.serverAddr(), users.adminToken());
        long logBefore = Files.size(server.log());
        List<String> problems = new ArrayList<>();
        int calls = 0;
        for (Route route : ApiRoutes.all()) {
            String path = "/nacos" + route.path(this::pathValue);
            Need need = need(route);
            for (String token : new String[]{null, bobToken}) {
                String who = token == null ? "anonymous" : "no grant";
                RawHttp.Answer plain = call(route, path, token);
                calls++;
                boolean refusedPlain = plain.status() == 401 || plain.status() == 403;
                if (mustBeRefused(need, token) && !refusedPlain) {
                    problems.add(who + " " + route + ": the plain path answered " + plain);
                }
                for (String spelling : PathSpellings.of(path)) {
                    RawHttp.Answer answer = call(route, spelling, token);
                    calls++;
                    if (refusedPlain && !refusal(answer) || answer.status() >= 500) {
                        problems.add(who + " " + route.method() + " " + spelling + " answered " + answer
                                + " where the plain path answered " + plain.status());
                    }
                }
            }
        }
        System.out.println("AccessMatrixIT: " + calls + " calls over " + ApiRoutes.all().size() + " routes");
        assertEquals(List.of(), problems.stream().limit(40).toList(), problems.size() + " problems");
        String changes = AccessState.diff(before, AccessState.take(SharedAuthServer.serverAddr(), users.adminToken()));
        assertTrue(changes.isEmpty(), "changed by refused calls: " + changes);
        for (String tenant : new String[]{secret, ""}) {
            RawHttp.Answer config = RawHttp.send(server.httpPort(), "GET", "/nacos/v1/cs/configs?dataId="
                    + "matrix.properties&group=DEFAULT_GROUP&tenant=" + tenant, Map.of("accessToken",
                    users.adminToken()), null);
            assertEquals(404, config.status(), "a refused call published a configuration in '" + tenant + "': "
                    + config);
        }
        NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());
        AuthUsers.login(http, SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD);
        AuthUsers.login(http, bob, PASSWORD);
        String log = Files.readString(server.log()).substring((int) logBefore);
        assertFalse(log.contains("SEVERE") || log.contains("\tat "), "the calls logged a stack trace or SEVERE");
        assertFalse(log.contains("contains form parameters"), "a caller can make the server log a warning per call");
    }

    @Test
    @DisplayName("configurations picked by row id are removed or cloned only where the caller may")
    void rowIdsReachNoNamespaceBeyondTheGrants() throws Exception {
        Map<String, String> admin = Map.of("accessToken", users.adminToken());
        String form = "tenant=" + secret + "&dataId=rows.properties&group=DEFAULT_GROUP&content=secret%3D1";
        assertEquals(200, RawHttp.send(server.httpPort(), "POST", "/nacos/v1/cs/configs", Map.of("accessToken",
                users.adminToken(), "Content-Type", "application/x-www-form-urlencoded"),
                form.getBytes(StandardCharsets.UTF_8)).status());
        String id = new ObjectMapper().readTree(RawHttp.send(server.httpPort(), "GET",
                "/nacos/v1/cs/configs?search=accurate&dataId=rows.properties&group=DEFAULT_GROUP&tenant=" + secret,
                admin, null).body()).get("pageItems").get(0).get("id").asText();
        Map<String, String> asBob = Map.of("accessToken", bobToken);
        Map<String, String> asBobJson = Map.of("accessToken", bobToken, "Content-Type", "application/json");
        assertEquals(403, RawHttp.send(server.httpPort(), "DELETE", "/nacos/v1/cs/configs?delType=ids&ids=" + id
                + "&tenant=" + own, asBob, null).status());
        assertEquals(403, RawHttp.send(server.httpPort(), "DELETE", "/nacos/v3/admin/cs/config/batch?ids=" + id
                + "&namespaceId=" + own, asBob, null).status());
        RawHttp.Answer v1Clone = RawHttp.send(server.httpPort(), "POST", "/nacos/v1/cs/configs?clone=true&tenant="
                + own, asBobJson, ("[{\"cfgId\":" + id + "}]").getBytes(StandardCharsets.UTF_8));
        assertEquals(400, v1Clone.status(), v1Clone::toString);
        assertTrue(v1Clone.body().contains("100005"), v1Clone::toString);
        RawHttp.Answer v3Clone = RawHttp.send(server.httpPort(), "POST", "/nacos/v3/admin/cs/config/clone?namespaceId="
                + own, asBobJson, ("[{\"configId\":" + id + "}]").getBytes(StandardCharsets.UTF_8));
        assertEquals(400, v3Clone.status(), v3Clone::toString);
        assertEquals(200, RawHttp.send(server.httpPort(), "GET", "/nacos/v1/cs/configs?dataId=rows.properties"
                + "&group=DEFAULT_GROUP&tenant=" + secret, admin, null).status(), "the secret one is still there");
        assertEquals(404, RawHttp.send(server.httpPort(), "GET", "/nacos/v1/cs/configs?dataId=rows.properties"
                + "&group=DEFAULT_GROUP&tenant=" + own, admin, null).status(), "and was not cloned");
        RawHttp.send(server.httpPort(), "DELETE", "/nacos/v1/cs/configs?dataId=rows.properties&group=DEFAULT_GROUP"
                + "&tenant=" + secret, admin, null);
    }

    @Test
    @DisplayName("a client's listened configurations are listed only in namespaces the caller may read")
    void listenedByAddressShowsNoOtherNamespace() throws Exception {
        Map<String, String> admin = Map.of("accessToken", users.adminToken());
        String form = "tenant=" + secret + "&dataId=listened.properties&group=DEFAULT_GROUP&content=v%3D1";
        assertEquals(200, RawHttp.send(server.httpPort(), "POST", "/nacos/v1/cs/configs", Map.of("accessToken",
                users.adminToken(), "Content-Type", "application/x-www-form-urlencoded"),
                form.getBytes(StandardCharsets.UTF_8)).status());
        String line = "listened.properties\u0002DEFAULT_GROUP\u0002" + md5("v=1") + "\u0002" + secret + "\u0001";
        CompletableFuture<HttpResponse<String>> held =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().sendAsync(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.httpPort() + "/nacos/v1/cs/configs/listener"
                                + "?accessToken=" + users.adminToken()))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("Long-Pulling-Timeout", "30000")
                        .POST(HttpRequest.BodyPublishers.ofString("Listening-Configs="
                                + URLEncoder.encode(line, StandardCharsets.UTF_8))).build(),
                        HttpResponse.BodyHandlers.ofString());
        String key = "listened.properties+DEFAULT_GROUP+" + secret;
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            RawHttp.Answer listed = RawHttp.send(server.httpPort(), "GET", "/nacos/v1/cs/listener?all=true"
                    + "&ip=127.0.0.1", admin, null);
            assertTrue(listed.body().contains(key), () -> listed + (held.isDone() ? ", poll answered "
                    + held.join().statusCode() + " " + held.join().body() : ""));
        });
        RawHttp.Answer asBob = RawHttp.send(server.httpPort(), "GET", "/nacos/v1/cs/listener?all=true&ip=127.0.0.1"
                + "&tenant=" + own, Map.of("accessToken", bobToken), null);
        assertEquals(200, asBob.status(), asBob::toString);
        assertFalse(asBob.body().contains(secret), asBob::toString);
        RawHttp.send(server.httpPort(), "DELETE", "/nacos/v1/cs/configs?dataId=listened.properties"
                + "&group=DEFAULT_GROUP&tenant=" + secret, admin, null);
        assertEquals(200, held.get(30, TimeUnit.SECONDS).statusCode());
    }

    private static String md5(String content) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                .digest(content.getBytes(StandardCharsets.UTF_8)));
    }

    /** Who must find the plain path refused: everyone without a token but on open routes; bob on scoped and admin ones. */
    private static boolean mustBeRefused(Need need, String token) {
        if (token == null) {
            return need != Need.OPEN;
        }
        return need == Need.READ || need == Need.WRITE || need == Need.ADMIN;
    }

    /**
     * Refused by the access check, not routed at all, or refused for the spelling of its path. Two answers come from
     * the server's HTTP layer before any application code runs: for a spelling of the context root itself
     * ({@code /nacos;x}), which no application claims, a redirect to the console's start page; for a path it cannot
     * normalize (some trailing {@code /.}), an empty 200. No resource here ever answers an empty 200.
     */
    private static boolean refusal(RawHttp.Answer answer) {
        return answer.status() == 401 || answer.status() == 403 || answer.status() == 404 || answer.status() == 405
                || answer.status() == 400 && PATH_REFUSALS.contains(answer.body().trim())
                || answer.status() == 301 && ROOT_REDIRECT.matcher(answer.head()).find()
                || answer.status() == 200 && answer.body().isEmpty();
    }

    private static Need need(Route route) {
        Access access = route.resourceMethod().getAnnotation(Access.class);
        return (access != null ? access : route.resourceMethod().getDeclaringClass().getAnnotation(Access.class))
                .value();
    }

    private String pathValue(String name) {
        return switch (name) {
            case "group" -> "DEFAULT_GROUP";
            case "service" -> service;
            case "namespaceId", "id" -> secret;
            case "address" -> "127.0.0.1:1";
            case "username" -> "matrix-nobody";
            default -> "x";
        };
    }

    /** Every parameter a route could want, aimed at the namespace the caller has no grant in. */
    private static String query() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("namespaceId", secret);
        params.put("tenant", secret);
        params.put("dataId", "matrix.properties");
        params.put("group", "DEFAULT_GROUP");
        params.put("content", "written=true");
        params.put("serviceName", service);
        params.put("groupName", "DEFAULT_GROUP");
        params.put("ip", "127.0.0.92");
        params.put("port", "7992");
        params.put("ephemeral", "false");
        params.put("clusterName", "DEFAULT");
        params.put("healthy", "false");
        params.put("weight", "2");
        params.put("protectThreshold", "0.5");
        params.put("pageNo", "1");
        params.put("pageSize", "10");
        params.put("customNamespaceId", "matrix-new");
        params.put("namespaceName", "matrix-new");
        params.put("namespace", secret);
        params.put("namespaceShowName", "renamed");
        params.put("username", "matrix-nobody");
        params.put("password", "wrong-pass");
        params.put("newPassword", "new-Pass-123456");
        params.put("role", "ROLE_ADMIN");
        params.put("resource", "*:*:*");
        params.put("action", "rw");
        params.put("show", "all");
        return params.entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(),
                StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    private static RawHttp.Answer call(Route route, String path, String token) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("User-Agent", NacosHttp.USER_AGENT_1_4_6);
        if (token != null) {
            headers.put("accessToken", token);
        }
        boolean json = route.template().startsWith("/admin");
        byte[] body = null;
        if (!route.method().equals("GET") && !route.method().equals("DELETE")) {
            String usual = json ? "application/json" : "application/x-www-form-urlencoded";
            // A route that takes another type (an upload) is called with that one, as its clients do.
            Consumes consumes = route.resourceMethod().getAnnotation(Consumes.class);
            String type = consumes == null || Arrays.stream(consumes.value()).anyMatch(t -> t.startsWith(usual))
                    ? usual : consumes.value()[0];
            headers.put("Content-Type", type);
            body = (type.equals("application/json") ? "{}" : "").getBytes(StandardCharsets.UTF_8);
        }
        return RawHttp.send(server.httpPort(), route.method(), path + "?" + query(), headers, body);
    }
}
