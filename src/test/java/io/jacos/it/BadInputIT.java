package io.jacos.it;

import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.RawNacosConnection.Reply;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.jacos.it.support.RawNacosConnection.object;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input on the gRPC transport: every refusal has the response type, codes and a clean message a real
 * client expects, leaves the registry exactly as it was, and leaves the connection usable.
 */
@ExtendWith(SharedServer.class)
class BadInputIT {

    private static final int GRPC_PORT = SharedServer.HTTP_PORT + 1000;
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int MAX_INBOUND = 10 * 1024 * 1024;

    private final List<RawNacosConnection> opened = new ArrayList<>();
    private String group;
    private RawNacosConnection conn;

    @BeforeEach
    void connect() {
        group = "bad-input-" + UUID.randomUUID().toString().substring(0, 8);
        conn = open();
    }

    @AfterEach
    void disconnect() {
        opened.forEach(RawNacosConnection::close);
    }

    // ------------------------------------------------------------------------------------------------
    // Invalid instances and names: InstanceResponse 500/400, nothing registered, previous instance kept.

    static Stream<Arguments> invalidRegistrations() {
        String longName = "s".repeat(513);
        String bigValue = "x".repeat(1100);
        return Stream.of(
                invalid("ip 'not an ip'", r -> instanceOf(r).put("ip", "not an ip"), "Param 'ip' is illegal"),
                invalid("ip with a tab", r -> instanceOf(r).put("ip", "10.1.1.1\t"), "Param 'ip' is illegal"),
                invalid("ip of 129 chars", r -> instanceOf(r).put("ip", "a".repeat(129)), "Param 'ip' is illegal"),
                invalid("ip empty", r -> instanceOf(r).put("ip", ""), "Param 'ip' is required"),
                invalid("ip missing", r -> instanceOf(r).remove("ip"), "Param 'ip' is required"),
                invalid("port -1", r -> instanceOf(r).put("port", -1), "Param 'port' is illegal"),
                invalid("port 70000", r -> instanceOf(r).put("port", 70000), "Param 'port' is illegal"),
                invalid("port missing", r -> instanceOf(r).remove("port"), "Param 'port' is required"),
                invalid("weight -1", r -> instanceOf(r).put("weight", -1.0), "Param 'weight' is illegal"),
                invalid("weight 20000", r -> instanceOf(r).put("weight", 20000.0), "Param 'weight' is illegal"),
                invalid("weight \"NaN\"", r -> instanceOf(r).put("weight", "NaN"), "Param 'weight' is illegal"),
                invalid("weight \"Infinity\"", r -> instanceOf(r).put("weight", "Infinity"),
                        "Param 'weight' is illegal"),
                invalid("weight 1e400", r -> instanceOf(r).set("weight",
                        RawNacosConnection.JSON.getNodeFactory().numberNode(new java.math.BigDecimal("1e400"))),
                        "Param 'weight' is illegal"),
                invalid("service name of 513 chars", r -> r.put("serviceName", longName),
                        "Param 'serviceName' is illegal"),
                invalid("service name with whitespace", r -> r.put("serviceName", "my svc"),
                        "Param 'serviceName' is illegal"),
                invalid("service name with a tab", r -> r.put("serviceName", "my\tsvc"),
                        "Param 'serviceName' is illegal"),
                invalid("service name starting with @", r -> r.put("serviceName", "@svc"),
                        "Param 'serviceName' is illegal"),
                invalid("service name containing @@", r -> r.put("serviceName", "a@@b"),
                        "Param 'serviceName' is illegal"),
                invalid("service name missing", r -> r.remove("serviceName"), "Param 'serviceName' is required"),
                invalid("group 'bad group!'", r -> r.put("groupName", "bad group!"), "Param 'groupName' is illegal"),
                invalid("group of 129 chars", r -> r.put("groupName", "g".repeat(129)),
                        "Param 'groupName' is illegal"),
                invalid("namespace 'bad ns'", r -> r.put("namespace", "bad ns"), "Param 'namespace' is illegal"),
                invalid("cluster 'c 1'", r -> instanceOf(r).put("clusterName", "c 1"),
                        "Param 'clusterName' is illegal"),
                invalid("client instanceId of 1025 chars", r -> instanceOf(r).put("instanceId", "i".repeat(1025)),
                        "Param 'instanceId' is illegal"),
                invalid("metadata over 1024 chars", r -> instanceOf(r).set("metadata", object().put("k", bigValue)),
                        "Param 'metadata' is illegal"),
                invalid("metadata heart beat timeout below interval", r -> instanceOf(r).set("metadata", object()
                        .put("preserved.heart.beat.interval", "9000").put("preserved.heart.beat.timeout", "1000")),
                        "heart beat"),
                invalid("unknown type value", r -> r.put("type", "updateInstance"), "Unsupported request type"),
                invalid("type missing", r -> r.remove("type"), "Unsupported request type"),
                invalid("instance missing", r -> r.remove("instance"), "Param 'instance' is required"),
                invalid("persistent instance in InstanceRequest", r -> instanceOf(r).put("ephemeral", false),
                        "ephemeral instances only"));
    }

    private static Arguments invalid(String name, Consumer<ObjectNode> mutation, String messagePart) {
        return Arguments.of(name, mutation, messagePart);
    }

    private static ObjectNode instanceOf(ObjectNode request) {
        return (ObjectNode) request.get("instance");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidRegistrations")
    void invalidRegistrationIsRefusedAndChangesNothing(String name, Consumer<ObjectNode> mutation,
                                                       String messagePart) {
        // On an empty group: refused, and no service appears.
        ObjectNode bad = register("svc", instance("10.1.1.1", 8080));
        mutation.accept(bad);
        assertRefused(conn.request("InstanceRequest", bad), "InstanceResponse", 400, messagePart);
        assertHosts("svc", List.of());
        assertServiceNames(List.of());

        // With a valid instance of this connection in place: refused, and that instance is untouched.
        assertOk(conn.request("InstanceRequest", register("svc", instance("10.1.1.1", 8080))), "InstanceResponse");
        JsonNode before = hosts("svc");
        assertEquals(1, before.size());
        assertRefused(conn.request("InstanceRequest", bad), "InstanceResponse", 400, messagePart);
        assertEquals(before, hosts("svc"), "the registered instance must be unchanged");
        assertServiceNames(List.of("svc"));

        assertConnectionWorks(conn);
    }

    /** Nacos takes these, and the real client would re-send a refused registration every 3 s for ever. */
    @ParameterizedTest
    @ValueSource(strings = {"999.1.1.1", "1.2.3", "my_host.local", "host_name"})
    void addressesNacosAcceptsAreRegistered(String ip) {
        assertOk(conn.request("InstanceRequest", register("svc", instance(ip, 8080))), "InstanceResponse");
        assertHosts("svc", List.of(ip + ":8080"));
        assertConnectionWorks(conn);
    }

    @Test
    void deregisterWithIllegalServiceNameIsRefusedAndKeepsTheInstance() {
        assertOk(conn.request("InstanceRequest", register("svc", instance("10.1.1.2", 8080))), "InstanceResponse");
        JsonNode before = hosts("svc");
        ObjectNode bad = register("svc", instance("10.1.1.2", 8080)).put("type", "deregisterInstance")
                .put("serviceName", "svc withspace");
        assertRefused(conn.request("InstanceRequest", bad), "InstanceResponse", 400, "Param 'serviceName' is illegal");
        assertEquals(before, hosts("svc"));
        assertConnectionWorks(conn);
    }

    @Test
    void queryAndSubscribeWithIllegalNamesAreRefusedWithTheirOwnResponseTypes() {
        ObjectNode query = query("bad name").put("cluster", "");
        assertRefused(conn.request("ServiceQueryRequest", query), "QueryServiceResponse", 400,
                "Param 'serviceName' is illegal");
        ObjectNode badCluster = query("svc").put("cluster", "c 1");
        assertRefused(conn.request("ServiceQueryRequest", badCluster), "QueryServiceResponse", 400,
                "Param 'clusterName' is illegal");
        ObjectNode subscribe = naming("@svc").put("subscribe", true).put("clusters", "");
        assertRefused(conn.request("SubscribeServiceRequest", subscribe), "SubscribeServiceResponse", 400,
                "Param 'serviceName' is illegal");
        ObjectNode list = naming("").put("groupName", "bad group!").put("pageNo", 1).put("pageSize", 10);
        assertRefused(conn.request("ServiceListRequest", list), "ServiceListResponse", 400,
                "Param 'groupName' is illegal");
        assertServiceNames(List.of());
        assertConnectionWorks(conn);
    }

    // ------------------------------------------------------------------------------------------------
    // Batches are all or nothing.

    @Test
    void batchWithOneInvalidInstanceRegistersNone() {
        ObjectNode batch = batch("svc", instance("10.2.0.1", 8080), instance("10.2.0.2", 70000),
                instance("10.2.0.3", 8080));
        assertRefused(conn.request("BatchInstanceRequest", batch), "BatchInstanceResponse", 400,
                "Param 'port' is illegal");
        assertHosts("svc", List.of());
        assertServiceNames(List.of());

        // A valid batch in place is not half-replaced by a later invalid one.
        assertOk(conn.request("BatchInstanceRequest", batch("svc", instance("10.2.1.1", 8080),
                instance("10.2.1.2", 8080))), "BatchInstanceResponse");
        JsonNode before = hosts("svc");
        assertEquals(2, before.size());
        ObjectNode bad = batch("svc", instance("10.2.2.1", 8080), instance("10.2.2.2", 8080),
                instance("not an ip", 8080));
        assertRefused(conn.request("BatchInstanceRequest", bad), "BatchInstanceResponse", 400,
                "Param 'ip' is illegal");
        assertEquals(before, hosts("svc"));
        assertConnectionWorks(conn);
    }

    @Test
    void malformedBatchesAreRefused() {
        ObjectNode wrongType = batch("svc", instance("10.2.3.1", 8080)).put("type", "batchDeregisterInstance");
        assertRefused(conn.request("BatchInstanceRequest", wrongType), "BatchInstanceResponse", 400,
                "Unsupported request type");
        ObjectNode noList = batch("svc");
        noList.remove("instances");
        assertRefused(conn.request("BatchInstanceRequest", noList), "BatchInstanceResponse", 400,
                "Param 'instances' is required");
        ObjectNode nullElement = batch("svc", instance("10.2.3.2", 8080));
        ((ArrayNode) nullElement.get("instances")).addNull();
        assertRefused(conn.request("BatchInstanceRequest", nullElement), "BatchInstanceResponse", 400,
                "Param 'instance' is required");
        ObjectNode tooMany = batch("svc");
        for (int i = 0; i < 2001; i++) {
            ((ArrayNode) tooMany.get("instances")).add(instance("10.2." + (4 + i / 250) + "." + (i % 250), 8080));
        }
        assertRefused(conn.request("BatchInstanceRequest", tooMany), "BatchInstanceResponse", 400,
                "Param 'instances' is illegal: 2001 instances (at most 2000)");
        ObjectNode persistent = batch("svc", instance("10.2.3.3", 8080).put("ephemeral", false));
        assertRefused(conn.request("BatchInstanceRequest", persistent), "BatchInstanceResponse", 400,
                "ephemeral instances only");
        assertHosts("svc", List.of());
        assertServiceNames(List.of());
        assertConnectionWorks(conn);
    }

    // ------------------------------------------------------------------------------------------------
    // Transport-level refusals: ErrorResponse with the Nacos codes.

    @ParameterizedTest
    @ValueSource(strings = {"NoSuchRequest", "", "instancerequest", "PersistentInstanceRequest2"})
    void unknownRequestTypeIsAnswered302(String type) {
        assertOk(conn.request("InstanceRequest", register("svc", instance("10.3.0.1", 8080))), "InstanceResponse");
        JsonNode before = hosts("svc");
        Reply reply = conn.request(type, register("svc", instance("10.3.0.2", 9090)));
        assertRefused(reply, "ErrorResponse", 302, "RequestHandler Not Found");
        assertEquals(before, hosts("svc"));
        assertConnectionWorks(conn);
    }

    static Stream<Arguments> malformedBodies() {
        return Stream.of(
                Arguments.of("InstanceRequest", "truncated JSON", utf8("{\"serviceName\":")),
                Arguments.of("InstanceRequest", "port is not a number", utf8("{\"instance\":{\"port\":\"abc\"}}")),
                Arguments.of("InstanceRequest", "not JSON at all", utf8("hello there")),
                Arguments.of("InstanceRequest", "empty body", ByteString.EMPTY),
                Arguments.of("InstanceRequest", "JSON null", utf8("null")),
                Arguments.of("InstanceRequest", "JSON array", utf8("[1,2,3]")),
                Arguments.of("InstanceRequest", "instance is a string", utf8("{\"instance\":\"10.0.0.1:80\"}")),
                Arguments.of("InstanceRequest", "metadata is a list", utf8("{\"instance\":{\"metadata\":[1]}}")),
                Arguments.of("InstanceRequest", "invalid UTF-8",
                        ByteString.copyFrom(new byte[]{'{', '"', (byte) 0xff, (byte) 0xfe, '"', ':', '1', '}'})),
                Arguments.of("BatchInstanceRequest", "instances is an object",
                        utf8("{\"type\":\"batchRegisterInstance\",\"instances\":{\"ip\":\"10.0.0.1\"}}")),
                Arguments.of("ServiceQueryRequest", "healthyOnly is not a boolean",
                        utf8("{\"serviceName\":\"svc\",\"healthyOnly\":\"maybe\"}")),
                Arguments.of("HealthCheckRequest", "truncated JSON", utf8("{\"headers\":{")));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("malformedBodies")
    void malformedBodyIsAnswered502(String type, String what, ByteString body) {
        assertOk(conn.request("InstanceRequest", register("svc", instance("10.4.0.1", 8080))), "InstanceResponse");
        JsonNode before = hosts("svc");
        Reply reply = conn.request(RawNacosConnection.payload(type, body));
        assertRefused(reply, "ErrorResponse", 502, "");
        assertEquals(before, hosts("svc"));
        assertServiceNames(List.of("svc"));
        assertConnectionWorks(conn);
    }

    @Test
    void requestsOnAConnectionThatNeverSetUpAreAnswered301() {
        RawNacosConnection unregistered = track(RawNacosConnection.withoutSetup(GRPC_PORT));
        assertRefused(unregistered.request("InstanceRequest", register("svc", instance("10.5.0.1", 8080))),
                "ErrorResponse", 301, "Connection is unregistered.");
        assertRefused(unregistered.request("BatchInstanceRequest", batch("svc", instance("10.5.0.2", 8080))),
                "ErrorResponse", 301, "Connection is unregistered.");
        assertRefused(unregistered.request("SubscribeServiceRequest",
                        naming("svc").put("subscribe", true).put("clusters", "")),
                "ErrorResponse", 301, "Connection is unregistered.");
        assertRefused(unregistered.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}"),
                "ErrorResponse", 301, "Connection is unregistered.");
        // The server check is answered before registration, as the real client needs.
        assertEquals("ServerCheckResponse",
                unregistered.request("ServerCheckRequest", "{\"headers\":{},\"module\":\"internal\"}").type());
        assertHosts("svc", List.of());
        assertServiceNames(List.of());
        assertConnectionWorks(conn);
    }

    @Test
    void requestsAfterTheStreamClosedAreAnswered301AndTheInstanceIsGone() {
        RawNacosConnection leaving = open();
        assertOk(leaving.request("InstanceRequest", register("svc", instance("10.5.1.1", 8080))), "InstanceResponse");
        assertEquals(1, hosts("svc").size());
        leaving.completeStream();
        await("requests after the stream ended are refused").atMost(WAIT).untilAsserted(() ->
                assertRefused(leaving.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}"),
                        "ErrorResponse", 301, "Connection is unregistered."));
        assertRefused(leaving.request("InstanceRequest", register("svc", instance("10.5.1.1", 8080))),
                "ErrorResponse", 301, "Connection is unregistered.");
        assertHosts("svc", List.of());
        assertConnectionWorks(conn);
    }

    @Test
    void oversizeMessageIsRefusedAndTheServerStaysUsable() {
        assertOk(conn.request("InstanceRequest", register("svc", instance("10.6.0.1", 8080))), "InstanceResponse");
        JsonNode before = hosts("svc");

        ObjectNode huge = register("svc", instance("10.6.0.2", 8080));
        instanceOf(huge).set("metadata", object().put("pad", "x".repeat(MAX_INBOUND + 1024)));
        StatusRuntimeException failure = assertThrows(StatusRuntimeException.class,
                () -> conn.request("InstanceRequest", huge));
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, failure.getStatus().getCode(), failure.toString());

        // The server is still up: the same connection and a new one both work, and nothing changed.
        assertConnectionWorks(conn);
        assertEquals(before, hosts("svc"));
        RawNacosConnection fresh = open();
        assertConnectionWorks(fresh);

        // Just under the limit the transport takes it and validation refuses it.
        ObjectNode large = register("svc", instance("10.6.0.3", 8080));
        instanceOf(large).set("metadata", object().put("pad", "x".repeat(MAX_INBOUND - 64 * 1024)));
        assertRefused(conn.request("InstanceRequest", large), "InstanceResponse", 400, "Param 'metadata' is illegal");
        assertEquals(before, hosts("svc"));
    }

    // ------------------------------------------------------------------------------------------------
    // The real nacos-client 2.5.1.

    @Test
    void realClientGetsA400ForANegativeWeightOrAnIllegalIp() throws Exception {
        Properties properties = new Properties();
        properties.setProperty("serverAddr", SharedServer.serverAddr());
        NamingService naming = NamingFactory.createNamingService(properties);
        try {
            Instance negative = new Instance();
            negative.setIp("10.7.0.1");
            negative.setPort(8080);
            negative.setWeight(-1);
            NacosException weightError = assertThrows(NacosException.class,
                    () -> naming.registerInstance("svc-weight", group, negative));
            assertEquals(400, weightError.getErrCode(), weightError.toString());
            assertTrue(weightError.getErrMsg().contains("weight"), weightError.getErrMsg());
            assertClean(weightError.getErrMsg());

            NacosException ipError = assertThrows(NacosException.class,
                    () -> naming.registerInstance("svc-ip", group, "bad ip", 8080));
            assertEquals(400, ipError.getErrCode(), ipError.toString());
            assertTrue(ipError.getErrMsg().contains("ip"), ipError.getErrMsg());
            assertClean(ipError.getErrMsg());

            assertTrue(naming.getAllInstances("svc-weight", group, false).isEmpty());
            assertTrue(naming.getAllInstances("svc-ip", group, false).isEmpty());
            // The raw connection sat idle while the real client worked; a fresh one does not depend on it
            // having answered the server's idle probes in time on a busy machine.
            conn = open();
            assertHosts("svc-weight", List.of());
            assertHosts("svc-ip", List.of());

            // The client's connection is still good for valid work.
            naming.registerInstance("svc-ok", group, "10.7.0.2", 8080);
            await("valid registration visible").atMost(WAIT).untilAsserted(() ->
                    assertEquals(1, naming.getAllInstances("svc-ok", group, false).size()));
        } finally {
            // Its redo task re-sends the rejected registrations every 3 s until it is shut down.
            naming.shutDown();
        }
        conn = open();
        await("client's instances gone after shutdown").atMost(WAIT).untilAsserted(() ->
                assertHosts("svc-ok", List.of()));
        assertHosts("svc-weight", List.of());
        assertHosts("svc-ip", List.of());
    }

    // ------------------------------------------------------------------------------------------------
    // Helpers.

    private RawNacosConnection open() {
        return track(RawNacosConnection.open(GRPC_PORT));
    }

    private RawNacosConnection track(RawNacosConnection connection) {
        opened.add(connection);
        return connection;
    }

    private static ByteString utf8(String text) {
        return ByteString.copyFrom(text, StandardCharsets.UTF_8);
    }

    private ObjectNode naming(String service) {
        ObjectNode request = object();
        request.set("headers", object());
        return request.put("namespace", "public").put("serviceName", service).put("groupName", group)
                .put("module", "naming");
    }

    private ObjectNode query(String service) {
        return naming(service).put("healthyOnly", false).put("udpPort", 0);
    }

    private ObjectNode register(String service, ObjectNode instance) {
        ObjectNode request = naming(service).put("type", "registerInstance");
        request.set("instance", instance);
        return request;
    }

    private ObjectNode batch(String service, ObjectNode... instances) {
        ObjectNode request = naming(service).put("type", "batchRegisterInstance");
        ArrayNode list = request.putArray("instances");
        for (ObjectNode instance : instances) {
            list.add(instance);
        }
        return request;
    }

    private static ObjectNode instance(String ip, int port) {
        ObjectNode instance = object().put("ip", ip).put("port", port).put("weight", 1.0).put("healthy", true)
                .put("enabled", true).put("ephemeral", true).put("clusterName", "DEFAULT");
        instance.set("metadata", object().put("k", "v"));
        return instance;
    }

    /** The hosts a fresh one-shot query returns for a service of this test's group. */
    private JsonNode hosts(String service) {
        Reply reply = conn.request("ServiceQueryRequest", query(service).put("cluster", ""));
        assertOk(reply, "QueryServiceResponse");
        JsonNode info = reply.body().get("serviceInfo");
        assertEquals(service, info.path("name").asText());
        assertEquals(group, info.path("groupName").asText());
        assertTrue(info.path("hosts").isArray(), reply.toString());
        return info.get("hosts");
    }

    private void assertHosts(String service, List<String> addresses) {
        List<String> actual = new ArrayList<>();
        hosts(service).forEach(h -> actual.add(h.path("ip").asText() + ":" + h.path("port").asInt()));
        assertEquals(addresses, actual);
    }

    private void assertServiceNames(List<String> names) {
        ObjectNode list = naming("").put("pageNo", 1).put("pageSize", 100);
        Reply reply = conn.request("ServiceListRequest", list);
        assertOk(reply, "ServiceListResponse");
        List<String> actual = new ArrayList<>();
        reply.body().path("serviceNames").forEach(n -> actual.add(n.asText()));
        assertEquals(names, actual, "services in group " + group);
        assertEquals(names.size(), reply.body().path("count").asInt());
    }

    private void assertConnectionWorks(RawNacosConnection connection) {
        Reply health = connection.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}");
        assertOk(health, "HealthCheckResponse");
        String probe = "probe-" + UUID.randomUUID().toString().substring(0, 8);
        assertOk(connection.request("InstanceRequest", register(probe, instance("10.9.9.9", 9999))),
                "InstanceResponse");
        assertHosts(probe, List.of("10.9.9.9:9999"));
        assertOk(connection.request("InstanceRequest",
                register(probe, instance("10.9.9.9", 9999)).put("type", "deregisterInstance")), "InstanceResponse");
        assertHosts(probe, List.of());
    }

    private static void assertOk(Reply reply, String type) {
        assertEquals(type, reply.type(), reply.toString());
        assertEquals(200, reply.resultCode(), reply.toString());
        assertTrue(reply.success(), reply.toString());
    }

    private static void assertRefused(Reply reply, String type, int errorCode, String messagePart) {
        assertEquals(type, reply.type(), reply.toString());
        assertEquals(500, reply.resultCode(), reply.toString());
        assertEquals(errorCode, reply.errorCode(), reply.toString());
        assertFalse(reply.success(), reply.toString());
        String message = reply.message();
        assertFalse(message.isBlank(), "a refusal explains itself: " + reply);
        assertTrue(message.contains(messagePart), "message '" + message + "' should contain '" + messagePart + "'");
        assertClean(message);
    }

    private static void assertClean(String message) {
        assertTrue(message.length() < 1000, "message is short: " + message.length() + " chars");
        assertFalse(message.contains("\tat "), "no stack trace: " + message);
        assertFalse(message.contains("\n"), "one line: " + message);
        assertFalse(message.contains("Exception"), "no exception class: " + message);
        assertFalse(message.contains("Caused by"), "no cause chain: " + message);
    }
}
