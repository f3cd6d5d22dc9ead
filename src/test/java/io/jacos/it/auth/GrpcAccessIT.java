package io.jacos.it.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.auth.Need;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.transport.grpc.handler.Handles;
import io.jacos.transport.grpc.handler.RequestHandler;
import io.jacos.transport.grpc.proto.Payload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.File;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static io.jacos.it.support.RawNacosConnection.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every gRPC request type the server handles (found from its handler classes, not listed here), sent with auth on:
 * without a token, with the token of a user whose grant is another namespace aiming at one it may not touch, with
 * the permitted namespace named only in the metadata headers while the body names the other, and with a blank
 * namespace (which means {@code public}). Every one is refused with the clients' 403 in its own response type,
 * except the open health check; the namespace counted is always the body's, the one the handler reads. Nothing
 * changes, and the same user's request in its own namespace goes through.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: every gRPC request type, without a token and in a namespace the token has no grant for")
class GrpcAccessIT {

    private static final String PASSWORD = "grpc-Pass-7715";
    private static final int NO_RIGHT = 403;

    private static JacosServer server;
    private static AuthUsers users;
    private static String secret;
    private static String evil;
    private static String bobToken;
    private static String service;

    @RegisterExtension
    static final BeforeAllCallback SERVER = context -> server = SharedAuthServer.server(context);

    @BeforeAll
    static void setUp() {
        Intruder intruder = Intruder.on(server.httpPort(), "grpc", PASSWORD);
        users = intruder.users();
        secret = intruder.secret();
        evil = intruder.own();
        bobToken = intruder.token();
        service = intruder.service();
    }

    @Test
    @DisplayName("each type is refused without a token, in the wrong namespace, and with the namespace only in metadata")
    void everyRequestTypeIsCheckedInItsBodysNamespace() throws Exception {
        Map<String, Need> types = requestTypes();
        assertTrue(types.size() >= 7, types.toString());
        Map<String, JsonNode> before = AccessState.take(SharedAuthServer.serverAddr(), users.adminToken());
        List<String> problems = new ArrayList<>();
        try (RawNacosConnection connection = RawNacosConnection.open(server.grpcPort())) {
            for (Map.Entry<String, Need> type : types.entrySet()) {
                Map<String, Payload> tries = new LinkedHashMap<>();
                tries.put("no token", payload(type.getKey(), secret, null, Map.of()));
                tries.put("a namespace without a grant", payload(type.getKey(), secret, bobToken, Map.of()));
                tries.put("the granted namespace only in metadata", payload(type.getKey(), secret, bobToken,
                        Map.of("namespace", evil, "namespaceId", evil, "tenant", evil)));
                tries.put("a blank namespace (public)", payload(type.getKey(), "", bobToken, Map.of()));
                for (Map.Entry<String, Payload> attempt : tries.entrySet()) {
                    RawNacosConnection.Reply reply = connection.request(attempt.getValue());
                    boolean open = type.getValue() == Need.OPEN;
                    if (open ? !reply.success() : reply.errorCode() != NO_RIGHT) {
                        problems.add(type.getKey() + ", " + attempt.getKey() + ": " + reply);
                    }
                }
            }
            assertEquals(List.of(), problems);
            String changes = AccessState.diff(before, AccessState.take(SharedAuthServer.serverAddr(),
                    users.adminToken()));
            assertTrue(changes.isEmpty(), "changed by refused requests: " + changes);

            RawNacosConnection.Reply own = connection.request(payload("InstanceRequest", evil, bobToken, Map.of()));
            assertTrue(own.success(), "the same user in its own namespace: " + own);
        }
    }

    /** A request of the type as the clients send it, every field any handler reads filled in. */
    private static Payload payload(String type, String namespace, String token, Map<String, String> moreHeaders) {
        ObjectNode body = object().put("namespace", namespace).put("serviceName", service)
                .put("groupName", "DEFAULT_GROUP").put("module", "naming").put("clusters", "")
                .put("cluster", "").put("healthyOnly", false).put("subscribe", true).put("udpPort", 0)
                .put("pageNo", 1).put("pageSize", 10)
                .put("type", type.startsWith("Batch") ? "batchRegisterInstance" : "registerInstance");
        body.putObject("headers");
        ObjectNode instance = object().put("ip", "127.0.0.94").put("port", 7994).put("weight", 1.0)
                .put("healthy", true).put("enabled", true).put("ephemeral", !type.startsWith("Persistent"))
                .put("clusterName", "DEFAULT");
        body.set("instance", instance);
        body.putArray("instances").add(instance);
        Payload plain = RawNacosConnection.payload(type, body.toString());
        var metadata = plain.getMetadata().toBuilder().putAllHeaders(moreHeaders);
        if (token != null) {
            metadata.putHeaders("accessToken", token);
        }
        return plain.toBuilder().setMetadata(metadata).build();
    }

    /** The request type of every handler class and what it declares, read from the handler package. */
    private static Map<String, Need> requestTypes() throws Exception {
        String folder = RequestHandler.class.getPackageName().replace('.', '/');
        Map<String, Need> types = new java.util.TreeMap<>();
        for (URL url : Collections.list(GrpcAccessIT.class.getClassLoader().getResources(folder))) {
            if (!"file".equals(url.getProtocol())) {
                continue;
            }
            for (File file : Objects.requireNonNull(new File(url.toURI()).listFiles((d, n) -> n.endsWith(".class")))) {
                Class<?> type = Class.forName(RequestHandler.class.getPackageName() + '.'
                        + file.getName().replace(".class", ""));
                if (RequestHandler.class.isAssignableFrom(type) && !type.isInterface()) {
                    Handles declared = type.getAnnotation(Handles.class);
                    types.put(declared.request(), declared.access());
                }
            }
        }
        return types;
    }
}
