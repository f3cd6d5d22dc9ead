package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.RawNacosConnection.Reply;
import io.jacos.it.support.RawNacosConnection.ServiceInfo;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import io.jacos.transport.grpc.proto.Payload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static io.jacos.it.support.NamingClients.endpoints;
import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The limits that keep one connection, or a crowd of them, from exhausting the server: subscriptions per
 * connection, connections in all, and the time a connection may take to set up. Each is tested at its boundary
 * on a server of its own with small limits (one server for all three, to save start-up time), and the default
 * subscription limit once on the shared server, where the server must stay responsive to everyone else.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Subscription, connection and setup limits")
class SubscriptionLimitIT {

    private static final int MAX_SUBSCRIPTIONS = 50;
    private static final int MAX_CONNECTIONS = 5;
    private static final long SETUP_TIMEOUT_MILLIS = 2000;
    private static final int DEFAULT_MAX_SUBSCRIPTIONS = 10_000;
    private static final int FLOOD_SIZE = 100_000;
    private static final String HEALTH_CHECK = "{\"headers\":{},\"module\":\"internal\"}";

    private static JacosServer limited;

    private final List<RawNacosConnection> rawConnections = new ArrayList<>();
    private final List<NamingClients> clientSets = new ArrayList<>();

    @BeforeAll
    static void startServerWithSmallLimits() {
        limited = new JacosServer("limits", SharedServer.ownServerPort(4), Map.of(
                "jacos.connection.max-subscriptions", Integer.toString(MAX_SUBSCRIPTIONS),
                "jacos.connection.max-connections", Integer.toString(MAX_CONNECTIONS),
                "jacos.connection.setup-timeout", Long.toString(SETUP_TIMEOUT_MILLIS))).start();
    }

    @AfterAll
    static void stopServer() {
        if (limited != null) {
            limited.stop();
        }
    }

    @AfterEach
    void closeConnections() {
        rawConnections.forEach(RawNacosConnection::close);
        clientSets.forEach(NamingClients::close);
    }

    @Test
    @DisplayName("exactly the limit of subscriptions is accepted; one more is refused with 503 and changes nothing")
    void subscriptionsUpToTheLimit() throws Exception {
        String group = NamingClients.uniqueName("LIMITED");
        List<String> services = IntStream.rangeClosed(0, MAX_SUBSCRIPTIONS).mapToObj(i -> "sub-" + i).toList();
        String extra = services.get(MAX_SUBSCRIPTIONS);
        RawNacosConnection subscriber = openOnLimitedServer();

        for (String service : services.subList(0, MAX_SUBSCRIPTIONS)) {
            Reply accepted = subscriber.subscribe(group, service);
            assertEquals(200, accepted.resultCode(), () -> "subscription to " + service + ": " + accepted);
        }
        Reply refused = subscriber.subscribe(group, extra);

        assertEquals("SubscribeServiceResponse", refused.type(), () -> "answer: " + refused);
        assertEquals(500, refused.resultCode(), () -> "answer: " + refused);
        assertEquals(503, refused.errorCode(), () -> "answer: " + refused);

        // Nothing changed: the limit is per connection, so another connection subscribes to the same service,
        // and a provider's instance there reaches that one by push, but never the refused subscriber, which
        // still hears about the services it did subscribe to.
        RawNacosConnection other = openOnLimitedServer();
        assertEquals(200, other.subscribe(group, extra).resultCode());
        NamingService provider = clientsOf(limited).open();
        provider.registerInstance(extra, group, instance("127.0.0.91", 9101));
        provider.registerInstance(services.get(0), group, instance("127.0.0.91", 9101));
        await().atMost(Waits.PUSH).until(() -> pushedEndpoints(other, group, extra).contains(List.of("127.0.0.91:9101")));
        await().atMost(Waits.PUSH).until(() ->
                pushedEndpoints(subscriber, group, services.get(0)).contains(List.of("127.0.0.91:9101")));
        assertEquals(List.of(), pushedEndpoints(subscriber, group, extra), "pushes of the refused service");

        // A freed slot is usable again.
        assertEquals(200, subscriber.unsubscribe(group, services.get(0)).resultCode());
        Reply afterUnsubscribe = subscriber.subscribe(group, extra);
        assertEquals(200, afterUnsubscribe.resultCode(), () -> "answer: " + afterUnsubscribe);
        assertEquals(List.of("127.0.0.91:9101"), ServiceInfo.of(afterUnsubscribe.body()).endpoints());
    }

    @Test
    @DisplayName("the fifth connection is accepted, the sixth refused at setup, and a freed slot is reusable")
    void connectionsUpToTheLimit() {
        // Connections of the other tests on this server may take a moment to be gone.
        List<RawNacosConnection> five = await("five connections fit").atMost(Waits.EVICTION).ignoreExceptions()
                .until(this::openFiveOnLimitedServer, Objects::nonNull);

        assertThrows(IllegalStateException.class, () -> RawNacosConnection.open(limited.grpcPort()),
                "no SetupAckRequest for the connection over the limit");
        for (RawNacosConnection connection : five) {
            assertEquals(200, connection.request("HealthCheckRequest", HEALTH_CHECK).resultCode());
        }

        five.get(0).close();
        RawNacosConnection replacement = openOnLimitedServer();
        assertEquals(200, replacement.request("HealthCheckRequest", HEALTH_CHECK).resultCode());
    }

    @Test
    @DisplayName("a connection that never sends ConnectionSetupRequest is closed after the setup timeout")
    void connectionWithoutSetupIsClosed() {
        RawNacosConnection established = openOnLimitedServer();
        long connectedAt = System.nanoTime();
        RawNacosConnection silent = RawNacosConnection.withoutSetup(limited.grpcPort());
        rawConnections.add(silent);
        assertTrue(silent.transportReady(), "the silent connection is up after its server check");

        await("the server closes the silent connection").atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(50)).until(() -> !silent.transportReady());

        long closedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - connectedAt);
        assertTrue(closedAfterMillis >= SETUP_TIMEOUT_MILLIS - 500,
                "closed after " + closedAfterMillis + " ms, before its " + SETUP_TIMEOUT_MILLIS + " ms were up");
        assertTrue(established.transportReady(), "a connection that did set up stays open");
        assertEquals(200, established.request("HealthCheckRequest", HEALTH_CHECK).resultCode());
    }

    /**
     * One connection on the shared server asks for 100,000 subscriptions. Everything past the default limit of
     * 10,000 is refused, and while the refusals stream in, other clients register, query and get pushes.
     * Requests are pipelined, a bounded number in flight, as a flooding client would send them.
     */
    @Test
    @DisplayName("on the shared server the 10,001st subscription of a connection is refused, and everyone else is still served")
    void floodOfSubscriptionsOnTheSharedServer() throws Exception {
        long startedAt = System.nanoTime();
        String group = NamingClients.uniqueName("FLOOD");
        RawNacosConnection flooder = RawNacosConnection.open(SharedServer.HTTP_PORT + 1000);
        rawConnections.add(flooder);

        List<Reply> withinLimit = pipelined(flooder, IntStream.range(0, DEFAULT_MAX_SUBSCRIPTIONS)
                .mapToObj(i -> RawNacosConnection.subscribeRequest(group, "flood-" + i, true)).toList());
        List<Reply> notAccepted = withinLimit.stream().filter(r -> r.resultCode() != 200).toList();
        assertEquals(0, notAccepted.size(), () -> notAccepted.size() + " of the first 10,000 refused, e.g. "
                + notAccepted.get(0));
        CompletableFuture<List<Reply>> beyondLimit = CompletableFuture.supplyAsync(() -> {
            try {
                return pipelined(flooder, IntStream.range(DEFAULT_MAX_SUBSCRIPTIONS, FLOOD_SIZE)
                        .mapToObj(i -> RawNacosConnection.subscribeRequest(group, "flood-" + i, true)).toList());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        NamingClients everyoneElse = clientsOf(SharedServer.serverAddr());
        NamingService provider = everyoneElse.open();
        NamingService reader = everyoneElse.open();
        String queried = NamingClients.uniqueName("beside-flood");
        provider.registerInstance(queried, instance("127.0.0.92", 9201));
        assertEquals(List.of("127.0.0.92:9201"), endpoints(reader.getAllInstances(queried, false)));

        String watched = NamingClients.uniqueName("watched-beside-flood");
        EventRecorder listener = new EventRecorder();
        reader.subscribe(watched, listener);
        long registeredAt = System.nanoTime();
        provider.registerInstance(watched, instance("127.0.0.92", 9202));
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.92:9202"), listener.lastEndpoints()));
        long pushMillis = TimeUnit.NANOSECONDS.toMillis(
                listener.arrivalOfFirst(instances -> !instances.isEmpty()).orElseThrow() - registeredAt);
        boolean floodStillRunning = !beyondLimit.isDone();

        List<Reply> notRefused = beyondLimit.get(5, TimeUnit.MINUTES).stream()
                .filter(r -> !"SubscribeServiceResponse".equals(r.type()) || r.resultCode() != 500
                        || r.errorCode() != 503).toList();
        assertEquals(0, notRefused.size(), () -> notRefused.size() + " of the 90,000 past the limit not refused "
                + "with 503, e.g. " + notRefused.get(0));
        assertEquals(200, flooder.request("HealthCheckRequest", HEALTH_CHECK).resultCode(),
                "the flooding connection itself is still served");
        System.out.printf("[SubscriptionLimitIT] flood of 100,000 subscriptions and checks took %d ms; "
                + "push to another subscriber: %d ms (flood still running then: %b)%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedAt), pushMillis, floodStillRunning);
    }

    private static final int PIPELINE_WINDOW = 128;

    /** Sends every request with at most {@value #PIPELINE_WINDOW} in flight and returns the answers in order. */
    private static List<Reply> pipelined(RawNacosConnection connection, List<Payload> requests) throws Exception {
        Semaphore window = new Semaphore(PIPELINE_WINDOW);
        List<CompletableFuture<Reply>> answers = new ArrayList<>(requests.size());
        for (Payload request : requests) {
            if (!window.tryAcquire(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no answer to " + PIPELINE_WINDOW + " requests in 30 s");
            }
            CompletableFuture<Reply> answer = connection.requestAsync(request);
            answer.whenComplete((reply, failure) -> window.release());
            answers.add(answer);
        }
        List<Reply> replies = new ArrayList<>(answers.size());
        for (CompletableFuture<Reply> answer : answers) {
            replies.add(answer.get(30, TimeUnit.SECONDS));
        }
        return replies;
    }

    /** The endpoint lists of every push a raw subscriber received for one service, in order. */
    private static List<List<String>> pushedEndpoints(RawNacosConnection subscriber, String group, String service) {
        return subscriber.received("NotifySubscriberRequest").stream().map(push -> ServiceInfo.of(push.body()))
                .filter(info -> group.equals(info.groupName()) && service.equals(info.name()))
                .map(ServiceInfo::endpoints).toList();
    }

    /** Opens a connection to the limited server, waiting (bounded) for a slot other tests may still hold. */
    private RawNacosConnection openOnLimitedServer() {
        RawNacosConnection connection = await("a free connection slot").atMost(Waits.EVICTION).ignoreExceptions()
                .until(() -> RawNacosConnection.open(limited.grpcPort()), Objects::nonNull);
        rawConnections.add(connection);
        return connection;
    }

    /** Five connections to the limited server, or none (and an exception) if the fifth is refused. */
    private List<RawNacosConnection> openFiveOnLimitedServer() {
        List<RawNacosConnection> five = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CONNECTIONS; i++) {
                five.add(RawNacosConnection.open(limited.grpcPort()));
            }
        } catch (RuntimeException e) {
            five.forEach(RawNacosConnection::close);
            throw e;
        }
        rawConnections.addAll(five);
        return five;
    }

    private NamingClients clientsOf(JacosServer server) {
        return clientsOf(server.serverAddr());
    }

    private NamingClients clientsOf(String serverAddr) {
        NamingClients clients = new NamingClients(serverAddr);
        clientSets.add(clients);
        return clients;
    }
}
