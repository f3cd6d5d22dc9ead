package io.jacos.transport.grpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.jacos.transport.grpc.NamingRequests.HEALTH;
import static io.jacos.transport.grpc.NamingRequests.assertOk;
import static io.jacos.transport.grpc.NamingRequests.assertRefused;
import static io.jacos.transport.grpc.NamingRequests.batch;
import static io.jacos.transport.grpc.NamingRequests.hosts;
import static io.jacos.transport.grpc.NamingRequests.instance;
import static io.jacos.transport.grpc.NamingRequests.instanceOf;
import static io.jacos.transport.grpc.NamingRequests.query;
import static io.jacos.transport.grpc.NamingRequests.register;
import static io.jacos.transport.grpc.NamingRequests.serviceNames;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The refusals of BadInputIT that need no real server: each answered in the type, code and clean message a client
 * expects, and the registry left as it was.
 */
class GrpcBadInputComponentTest {

    private final InProcessSdkServer server = new InProcessSdkServer();
    private final SdkConnection connection = server.connect();

    @AfterEach
    void stop() {
        server.close();
    }

    static Stream<Arguments> invalidRegistrations() {
        return Stream.of(
                invalid("ip 'not an ip'", r -> instanceOf(r).put("ip", "not an ip"), "Param 'ip' is illegal"),
                invalid("ip missing", r -> instanceOf(r).remove("ip"), "Param 'ip' is required"),
                invalid("port 70000", r -> instanceOf(r).put("port", 70000), "Param 'port' is illegal"),
                invalid("weight -1", r -> instanceOf(r).put("weight", -1.0), "Param 'weight' is illegal"),
                invalid("service name with whitespace", r -> r.put("serviceName", "my svc"),
                        "Param 'serviceName' is illegal"),
                invalid("group 'bad group!'", r -> r.put("groupName", "bad group!"), "Param 'groupName' is illegal"),
                invalid("namespace 'bad ns'", r -> r.put("namespace", "bad ns"), "Param 'namespace' is illegal"),
                invalid("unknown type value", r -> r.put("type", "updateInstance"), "Unsupported request type"),
                invalid("instance missing", r -> r.remove("instance"), "Param 'instance' is required"),
                invalid("persistent instance in InstanceRequest", r -> instanceOf(r).put("ephemeral", false),
                        "ephemeral instances only"));
    }

    private static Arguments invalid(String name, Consumer<ObjectNode> mutation, String messagePart) {
        return Arguments.of(name, mutation, messagePart);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidRegistrations")
    void anInvalidRegistrationIsRefusedAndKeepsTheInstanceInPlace(String name, Consumer<ObjectNode> mutation,
                                                                 String messagePart) {
        assertOk(connection.request("InstanceRequest", register("svc", instance("10.1.1.1", 8080))), "InstanceResponse");
        ObjectNode bad = register("svc", instance("10.1.1.2", 8080));
        mutation.accept(bad);

        assertRefused(connection.request("InstanceRequest", bad), "InstanceResponse", 400, messagePart);

        assertEquals(List.of("10.1.1.1:8080"), hosts(connection, "svc"));
        assertEquals(List.of("svc"), serviceNames(connection));
    }

    @Test
    void aBatchWithOneInvalidInstanceRegistersNone() {
        ObjectNode bad = batch("svc", instance("10.2.0.1", 8080), instance("10.2.0.2", 70000));

        assertRefused(connection.request("BatchInstanceRequest", bad), "BatchInstanceResponse", 400,
                "Param 'port' is illegal");

        assertEquals(List.of(), serviceNames(connection));
    }

    @Test
    void illegalNamesInAQueryAreRefusedInTheQuerysOwnResponseType() {
        assertRefused(connection.request("ServiceQueryRequest", query("bad name")), "QueryServiceResponse", 400,
                "Param 'serviceName' is illegal");
    }

    @ParameterizedTest
    @ValueSource(strings = {"NoSuchRequest", "", "instancerequest", "PersistentInstanceRequest2"})
    void anUnknownRequestTypeIsAnswered302(String type) {
        assertRefused(connection.request(type, register("svc", instance("10.3.0.2", 9090))), "ErrorResponse", 302,
                "RequestHandler Not Found");
        assertEquals(List.of(), serviceNames(connection));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"serviceName\":", "{\"instance\":{\"port\":\"abc\"}}", "hello there", "null", "[1,2,3]"})
    void anUnreadableBodyIsAnswered502(String body) {
        assertRefused(connection.request(SdkConnection.payload("InstanceRequest", ByteString.copyFromUtf8(body))),
                "ErrorResponse", 502, "");
        assertEquals(List.of(), serviceNames(connection));
    }

    @Test
    void requestsOfAConnectionThatNeverSetUpAreAnswered301ButItsServerCheckIsNot() {
        SdkConnection unregistered = server.connectWithoutSetup();

        assertRefused(unregistered.request("InstanceRequest", register("svc", instance("10.5.0.1", 8080))),
                "ErrorResponse", 301, "Connection is unregistered.");
        assertRefused(unregistered.request("HealthCheckRequest", HEALTH), "ErrorResponse", 301,
                "Connection is unregistered.");
        assertEquals("ServerCheckResponse", unregistered.request("ServerCheckRequest", HEALTH).type());
        assertEquals(List.of(), serviceNames(connection));
    }

    @Test
    void requestsAfterTheStreamEndedAreAnswered301() {
        SdkConnection leaving = server.connect();
        leaving.completeStream();

        assertRefused(leaving.request("InstanceRequest", register("svc", instance("10.5.1.1", 8080))),
                "ErrorResponse", 301, "Connection is unregistered.");
        assertEquals(List.of(), serviceNames(connection));
    }

    @Test
    void subscriptionsStopAtTheLimitPerConnection() {
        for (int i = 0; i < InProcessSdkServer.MAX_SUBSCRIPTIONS; i++) {
            assertOk(connection.request("SubscribeServiceRequest", NamingRequests.subscribe("s" + i, true)),
                    "SubscribeServiceResponse");
        }
        assertRefused(connection.request("SubscribeServiceRequest", NamingRequests.subscribe("over", true)),
                "SubscribeServiceResponse", 503, "Too many subscriptions");
    }

    @Test
    void aDrainedNodeFailsTheServerCheckSoTheClientTriesAnother() {
        server.drained.set(true);

        assertRefused(connection.request("ServerCheckRequest", HEALTH), "ErrorResponse", 300, "drained");
    }
}
