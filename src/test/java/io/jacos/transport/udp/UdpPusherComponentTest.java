package io.jacos.transport.udp;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.BeatTimes;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.Selector;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Who gets a UDP push and what it carries: the service as the 1.x client reads it, read when sent. */
class UdpPusherComponentTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "G", "orders");
    private static final long CACHE_MILLIS = 10_000;
    private static final Duration WAIT = Duration.ofSeconds(5);

    private final Map<ClientId, ClientKind> clients = new HashMap<>();
    private final List<Runnable> workerQueue = new ArrayList<>();
    private final AtomicReference<ServiceView> current = new AtomicReference<>();
    private LoopbackEndpoint server;
    private UdpPusher pusher;
    private FakeSubscriber subscriber;

    @BeforeEach
    void start() throws IOException {
        server = new LoopbackEndpoint(1, 100);
        subscriber = server.subscriber();
        clients.put(subscriber.clientId(), ClientKind.IP_PORT);
        pusher = new UdpPusher(server.endpoint, server.packets, workerQueue::add,
                id -> Optional.ofNullable(clients.get(id)), CACHE_MILLIS, new BeatTimes(5000, 15000, 30000));
    }

    @AfterEach
    void close() {
        server.close();
    }

    private static Instance instance(String ip, String cluster, boolean enabled) {
        return new Instance(ip + "#8080#" + cluster + "#G@@orders", ip, 8080, 1.0, true, enabled, true, cluster,
                Map.of());
    }

    private static ServiceView view(long revision, List<Instance> instances) {
        return new ServiceView(ORDERS, revision, 1_700_000_000_000L + revision, true,
                new ServiceMeta(0f, Map.of("team", "core"), Selector.NONE), instances);
    }

    private CompletionStage<Long> push(ClientId to, String clusters) {
        return pusher.push(to, new Subscription(ORDERS, clusters), current::get).orElseThrow();
    }

    private void runWorkers() {
        while (!workerQueue.isEmpty()) {
            workerQueue.remove(0).run();
        }
    }

    @Test
    void thePushCarriesTheServiceAsThe1xClientReadsItForItsClusters() throws Exception {
        current.set(view(7, List.of(instance("10.0.0.1", "c1", true), instance("10.0.0.2", "c2", true),
                instance("10.0.0.3", "c1", false))));
        CompletableFuture<Long> acked = push(subscriber.clientId(), "c1").toCompletableFuture();
        assertEquals(0, server.stats.sentCount(), "built and sent by a worker, not by the caller");
        runWorkers();

        FakeSubscriber.Datagram datagram = subscriber.receive();
        assertTrue(datagram.packet().get("data").isTextual());
        JsonNode info = datagram.serviceInfo();
        assertEquals("G@@orders", info.get("name").textValue(), "the grouped name, which the 1.x client keys on");
        assertFalse(info.has("groupName"), "no groupName in a UDP push");
        assertEquals("c1", info.get("clusters").textValue());
        assertEquals(CACHE_MILLIS, info.get("cacheMillis").longValue());
        assertEquals(1_700_000_000_007L, info.get("lastRefTime").longValue());
        assertEquals("core", info.get("metadata").get("team").textValue());
        assertEquals(1, info.get("hosts").size(), "hosts of the subscribed clusters, enabled only");
        JsonNode host = info.get("hosts").get(0);
        assertEquals("10.0.0.1", host.get("ip").textValue());
        assertEquals("G@@orders", host.get("serviceName").textValue());
        assertEquals(5000, host.get("instanceHeartBeatInterval").longValue());

        subscriber.ack(datagram);
        await().atMost(WAIT).until(acked::isDone);
        assertEquals(7L, acked.get());
    }

    @Test
    void aLargeServiceArrivesGzipped() throws Exception {
        current.set(view(3, IntStream.range(0, 40).mapToObj(i -> instance("10.0.1." + i, "DEFAULT", true)).toList()));
        push(subscriber.clientId(), "");
        runWorkers();

        FakeSubscriber.Datagram datagram = subscriber.receive();
        assertTrue(datagram.isGzipped(), "starts with 1f 8b");
        assertEquals(40, datagram.serviceInfo().get("hosts").size());
    }

    @Test
    void theViewIsReadWhenTheWorkerSendsAndThatRevisionIsAcknowledged() throws Exception {
        current.set(view(1, List.of()));
        CompletableFuture<Long> acked = push(subscriber.clientId(), "").toCompletableFuture();
        current.set(view(2, List.of(instance("10.0.0.1", "DEFAULT", true))));
        runWorkers();

        FakeSubscriber.Datagram datagram = subscriber.receive();
        assertEquals(1, datagram.serviceInfo().get("hosts").size());
        subscriber.ack(datagram);
        await().atMost(WAIT).until(acked::isDone);
        assertEquals(2L, acked.get());
    }

    @Test
    void onlyIpPortClientsNamedByTheirAddressAreServed() {
        ClientId grpcConnection = new ClientId("1700000000000_127.0.0.1_50000");
        ClientId ipPortIdOfAnotherKind = ClientId.ofIpPort("127.0.0.1", 9, true);
        ClientId ipPortKindWithoutAddress = new ClientId("not-an-address");
        clients.put(grpcConnection, ClientKind.CONNECTION);
        clients.put(ipPortIdOfAnotherKind, ClientKind.CONNECTION);
        clients.put(ipPortKindWithoutAddress, ClientKind.IP_PORT);
        ClientId gone = ClientId.ofIpPort("127.0.0.1", 10, true);

        for (ClientId other : List.of(grpcConnection, ipPortIdOfAnotherKind, ipPortKindWithoutAddress, gone)) {
            assertTrue(pusher.push(other, new Subscription(ORDERS, ""), current::get).isEmpty(), other.value());
        }
        assertTrue(pusher.push(subscriber.clientId(), new Subscription(ORDERS, ""), current::get).isPresent());
    }

    @Test
    void aSubscriberNamedByAHostNameOrABadPortGetsNoPushAndNothingIsLookedUp() {
        // Names that would resolve (localhost) or take a lookup to fail; none may reach a resolver or a worker.
        List<ClientId> unaddressable = List.of(ClientId.ofIpPort("localhost", subscriber.address().getPort(), true),
                ClientId.ofIpPort("reflect.example.com", 53, true), ClientId.ofIpPort("999.1.1.1", 53, true),
                ClientId.ofIpPort("127.0.0.1", 0, true), ClientId.ofIpPort("127.0.0.1", 70_000, true));
        for (ClientId other : unaddressable) {
            clients.put(other, ClientKind.IP_PORT);
            assertTrue(pusher.push(other, new Subscription(ORDERS, ""), () -> {
                throw new AssertionError("no view is read for a push that is not made");
            }).isEmpty(), other.value());
        }
        assertTrue(workerQueue.isEmpty(), "nothing handed to a worker");
        ClientId ipv6 = ClientId.ofIpPort("::1", subscriber.address().getPort(), true);
        clients.put(ipv6, ClientKind.IP_PORT);
        assertTrue(pusher.push(ipv6, new Subscription(ORDERS, ""), current::get).isPresent(), "an IPv6 literal");
    }
}
