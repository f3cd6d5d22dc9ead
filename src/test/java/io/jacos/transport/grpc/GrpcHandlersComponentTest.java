package io.jacos.transport.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.event.InstanceRegistered;
import io.jacos.event.ServiceSubscribed;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.transport.grpc.SdkConnection.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.jacos.transport.grpc.NamingRequests.GROUP;
import static io.jacos.transport.grpc.NamingRequests.HEALTH;
import static io.jacos.transport.grpc.NamingRequests.assertOk;
import static io.jacos.transport.grpc.NamingRequests.batch;
import static io.jacos.transport.grpc.NamingRequests.deregister;
import static io.jacos.transport.grpc.NamingRequests.hosts;
import static io.jacos.transport.grpc.NamingRequests.instance;
import static io.jacos.transport.grpc.NamingRequests.list;
import static io.jacos.transport.grpc.NamingRequests.register;
import static io.jacos.transport.grpc.NamingRequests.serviceNames;
import static io.jacos.transport.grpc.NamingRequests.subscribe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each request type a 2.x client sends, through the real gRPC stack on an in-process channel. */
class GrpcHandlersComponentTest {

    private final InProcessSdkServer server = new InProcessSdkServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private static ServiceKey key(String service) {
        return new ServiceKey("public", GROUP, service);
    }

    @Test
    void theServerCheckNamesTheConnectionBeforeItIsSetUp() {
        SdkConnection connection = server.connectWithoutSetup();

        assertTrue(connection.id().matches("\\d+_unknown_0"), connection.id());
        assertEquals(0, server.connections.size());
    }

    @Test
    void theSetupRegistersTheConnectionAndTheAckOffersPersistentInstancesOverGrpc() {
        SdkConnection connection = server.connect();

        assertEquals(1, server.connections.size());
        assertTrue(server.services.registry.isConnected(new ClientId(connection.id())));
        JsonNode ack = connection.pushed("SetupAckRequest").get(0);
        assertTrue(ack.path("abilityTable").path("supportPersistentInstanceByGrpc").asBoolean(), ack.toString());
    }

    @Test
    void anInstanceRequestRegistersThenDeregistersTheConnectionsInstance() {
        SdkConnection connection = server.connect();

        assertOk(connection.request("InstanceRequest", register("svc", instance("10.0.0.1", 8080))), "InstanceResponse");
        assertEquals(List.of("10.0.0.1:8080"), hosts(connection, "svc"));
        assertTrue(server.services.fired.contains(new InstanceRegistered(new ClientId(connection.id()), key("svc"))));

        assertOk(connection.request("InstanceRequest", deregister("svc", instance("10.0.0.1", 8080))),
                "InstanceResponse");
        assertEquals(List.of(), hosts(connection, "svc"));
    }

    @Test
    void aBatchReplacesEverythingTheConnectionPublishedForTheService() {
        SdkConnection connection = server.connect();
        assertOk(connection.request("BatchInstanceRequest", batch("svc", instance("10.0.0.1", 80),
                instance("10.0.0.2", 80))), "BatchInstanceResponse");
        assertEquals(List.of("10.0.0.1:80", "10.0.0.2:80"), hosts(connection, "svc").stream().sorted().toList());

        assertOk(connection.request("BatchInstanceRequest", batch("svc", instance("10.0.0.3", 80))),
                "BatchInstanceResponse");

        assertEquals(List.of("10.0.0.3:80"), hosts(connection, "svc"));
    }

    @Test
    void aPersistentInstanceOutlivesTheConnectionThatRegisteredIt() {
        SdkConnection registrar = server.connect();
        Reply reply = registrar.request("PersistentInstanceRequest",
                register("db", instance("10.0.0.7", 5432).put("ephemeral", false)));
        assertOk(reply, "InstanceResponse");

        registrar.completeStream();

        assertEquals(0, server.connections.size());
        assertEquals(List.of("10.0.0.7:5432"), hosts(server.connect(), "db"));
    }

    @Test
    void closingTheStreamTakesTheConnectionsEphemeralInstancesAway() {
        SdkConnection leaving = server.connect();
        assertOk(leaving.request("InstanceRequest", register("svc", instance("10.0.0.1", 8080))), "InstanceResponse");

        leaving.completeStream();

        assertEquals(List.of(), hosts(server.connect(), "svc"));
    }

    @Test
    void aSubscriptionAnswersTheCurrentViewAndMakesTheConnectionASubscriber() {
        SdkConnection provider = server.connect();
        SdkConnection subscriber = server.connect();
        provider.request("InstanceRequest", register("svc", instance("10.0.0.1", 8080)));
        ClientId id = new ClientId(subscriber.id());

        Reply reply = subscriber.request("SubscribeServiceRequest", subscribe("svc", true));

        assertOk(reply, "SubscribeServiceResponse");
        assertEquals("10.0.0.1", reply.body().path("serviceInfo").path("hosts").get(0).path("ip").asText());
        assertEquals(Set.of(id), server.services.registry.reader().subscribersOf(key("svc")));
        assertTrue(server.services.fired.contains(new ServiceSubscribed(id, key("svc"))));

        assertOk(subscriber.request("SubscribeServiceRequest", subscribe("svc", false)), "SubscribeServiceResponse");
        assertEquals(Set.of(), server.services.registry.reader().subscribersOf(key("svc")));
    }

    @Test
    void theServiceListIsPagedAndCountsEveryService() {
        SdkConnection connection = server.connect();
        for (String service : List.of("a", "b", "c")) {
            connection.request("InstanceRequest", register(service, instance("10.0.0.1", 8080)));
        }

        Reply page = connection.request("ServiceListRequest", list(1, 2));

        assertOk(page, "ServiceListResponse");
        assertEquals(3, page.body().path("count").asInt());
        assertEquals(2, page.body().path("serviceNames").size());
        assertEquals(List.of("a", "b", "c"), serviceNames(connection).stream().sorted().toList());
    }

    @Test
    void aHealthCheckOfARegisteredConnectionIsAnswered() {
        assertOk(server.connect().request("HealthCheckRequest", HEALTH), "HealthCheckResponse");
    }
}
