package io.jacos.it.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.auth.Need;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.RawHttp;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.testing.ApiRoutes;
import io.jacos.transport.http.request.ArchiveUpload;
import io.jacos.transport.http.request.LargeBody;
import io.jacos.testing.ApiRoutes.Route;
import io.jacos.transport.http.access.Access;
import jakarta.ws.rs.Consumes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For every write route (read from the JAX-RS model), a user with read and write in one namespace tries to write into
 * another through how the request is written: charsets, content types, oversized bodies, a parameter given twice,
 * the query and the body naming different namespaces. Each try is refused with the status its trick deserves, and
 * afterwards the registry, namespaces, users and grants are exactly as before.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: writes into another namespace through charsets, content types, sizes and duplicates")
class BodyAttackIT {

    private static final String PASSWORD = "body-Pass-5531";
    private static final String FORM = "application/x-www-form-urlencoded";

    private static JacosServer server;
    private static AuthUsers users;
    private static String secret;
    private static String evil;
    private static String bobToken;
    private static String service;

    @RegisterExtension
    static final BeforeAllCallback SERVER = context -> server = SharedAuthServer.server(context);

    /** One way of writing the request: its query, content type and body, and the status it must be refused with. */
    private record Trick(String name, String query, String contentType, byte[] body, int formStatus, int jsonStatus) {
    }

    @BeforeAll
    static void setUp() {
        Intruder intruder = Intruder.on(server.httpPort(), "body", PASSWORD);
        users = intruder.users();
        secret = intruder.secret();
        evil = intruder.own();
        bobToken = intruder.token();
        service = intruder.service();
    }

    private static List<Trick> tricks() {
        String base = "serviceName=" + service + "&ip=127.0.0.93&port=7993&ephemeral=false&groupName=DEFAULT_GROUP"
                + "&protectThreshold=0.5&dataId=attack.properties&group=DEFAULT_GROUP&content=written%3Dtrue";
        // The configuration API names the namespace 'tenant' on v1: every trick aims both names the same way.
        String toSecret = "namespaceId=" + secret + "&tenant=" + secret;
        String toEvil = "namespaceId=" + evil + "&tenant=" + evil;
        byte[] padding = ("pad=" + "a".repeat(70 * 1024) + "&" + toSecret).getBytes(StandardCharsets.US_ASCII);
        byte[] oversized = ("pad=" + "a".repeat(1024 * 1024) + "&" + toSecret).getBytes(StandardCharsets.US_ASCII);
        return List.of(
                new Trick("namespaceId twice in the query", base + "&" + toEvil + "&" + toSecret, null, null,
                        400, 400),
                new Trick("query and form body disagree", base + "&" + toEvil, FORM, bytes(toSecret), 400, 415),
                new Trick("the body in UTF-16LE", base, FORM + "; charset=UTF-16LE",
                        (toSecret).getBytes(Charset.forName("UTF-16LE")), 415, 415),
                new Trick("the namespace after 70 KiB of padding", base, FORM, padding, 403, 415),
                new Trick("padding, and the query names the writable one", base + "&" + toEvil, FORM, padding, 400,
                        415),
                new Trick("another media type", base + "&" + toEvil, "application/x-foo", bytes(toSecret), 415, 415),
                new Trick("a JSON body on a form API", base + "&" + toEvil, "application/json",
                        bytes("{\"namespaceId\":\"" + secret + "\"}"), 415, -1),
                // Over the limit is refused unread, 413, unless its content type is refused first (415).
                new Trick("a form body over the limit", base, FORM, oversized, 413, 415),
                new Trick("a JSON body over the limit", base, "application/json", json(oversized.length), 413, 413),
                new Trick("a charset nobody knows", base + "&" + toEvil, FORM + "; charset=nonexistent",
                        bytes(toSecret), 400, 415),
                new Trick("ISO-8859-1, decoded the one way", base, FORM + ";charset=ISO-8859-1", bytes(toSecret),
                        403, 415),
                new Trick("no content type at all", base + "&" + toEvil, null, bytes(toSecret), 415, 415));
    }

    @Test
    @DisplayName("every trick on every write route is refused and nothing is written")
    void everyTrickIsRefused() {
        Map<String, JsonNode> before = AccessState.take(SharedAuthServer.serverAddr(), users.adminToken());
        List<String> problems = new ArrayList<>();
        int tried = 0;
        for (Route route : ApiRoutes.all()) {
            if (need(route) != Need.WRITE) {
                continue;
            }
            // A route that takes no form (JSON only, or an upload) meets the tricks as the admin API's do. The v1
            // configurations path takes forms too (a clone's JSON lands on its own method by type), so the tricks
            // there meet the form methods.
            boolean json = route.template().startsWith("/admin") || takesNoForm(route)
                    && !route.template().equals("/v1/cs/configs");
            String path = "/nacos" + route.path(name -> switch (name) {
                case "group" -> "DEFAULT_GROUP";
                case "service" -> service;
                default -> "x";
            });
            for (Trick trick : tricks()) {
                int expected = json ? trick.jsonStatus() : trick.formStatus();
                if (route.method().equals("DELETE") && trick.body() != null) {
                    // Payara's HTTP layer refuses any DELETE with a body itself, before the application.
                    expected = 400;
                }
                if (expected < 0) {
                    continue;
                }
                Map<String, String> headers = new LinkedHashMap<>();
                headers.put("accessToken", bobToken);
                if (trick.contentType() != null) {
                    headers.put("Content-Type", trick.contentType());
                }
                RawHttp.Answer answer = RawHttp.send(server.httpPort(), route.method(), path + "?" + trick.query(),
                        headers, trick.body());
                tried++;
                boolean oversized = trick.name().contains("over the limit");
                boolean takesLarge = route.resourceMethod().isAnnotationPresent(LargeBody.class)
                        || route.resourceMethod().isAnnotationPresent(ArchiveUpload.class);
                if (oversized && takesLarge) {
                    // A configuration publish or an import takes bodies that large: the access check refuses it, or
                    // the media type when the route does not take it (or a sibling of the path that does, answers).
                    expected = 403;
                }
                boolean alsoRight = oversized && (answer.status() == 413 || answer.status() == 415);
                if (answer.status() != expected && !alsoRight) {
                    problems.add(route + ", " + trick.name() + ": expected " + expected + ", answered " + answer);
                }
            }
        }
        System.out.println("BodyAttackIT: " + tried + " tries");
        assertTrue(tried > 100, "tries: " + tried);
        assertEquals(List.of(), problems);
        String changes = AccessState.diff(before, AccessState.take(SharedAuthServer.serverAddr(), users.adminToken()));
        assertTrue(changes.isEmpty(), "written by refused requests: " + changes);
        RawHttp.Answer config = RawHttp.send(server.httpPort(), "GET", "/nacos/v1/cs/configs?dataId=attack.properties"
                + "&group=DEFAULT_GROUP&tenant=" + secret, Map.of("accessToken", users.adminToken()), null);
        assertEquals(404, config.status(), "a refused request published a configuration: " + config);
    }

    private static boolean takesNoForm(Route route) {
        Consumes consumes = route.resourceMethod().getAnnotation(Consumes.class);
        return consumes != null && Arrays.stream(consumes.value())
                .noneMatch(t -> t.startsWith("application/x-www-form-urlencoded"));
    }

    /** A JSON object of about {@code size} bytes. */
    private static byte[] json(int size) {
        return bytes("{\"pad\":\"" + "a".repeat(size) + "\"}");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static Need need(Route route) {
        Access access = route.resourceMethod().getAnnotation(Access.class);
        return (access != null ? access : route.resourceMethod().getDeclaringClass().getAnnotation(Access.class))
                .value();
    }
}
