package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.RawNacosConnection.Reply;
import io.jacos.it.support.RawNacosConnection.ServiceInfo;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscriber that takes pushes and never acknowledges them. The server keeps at most two unanswered pushes
 * on their way for each subscriber and service, retries only after the acknowledgement timeout, and so spends a
 * few pushes on it however often the service changes; a well-behaved subscriber of the same service is not held
 * up.
 */
@ExtendWith(SharedServer.class)
@DisplayName("A subscriber that never acknowledges")
class NeverAckSubscriberIT {

    private static final int GRPC_PORT = SharedServer.HTTP_PORT + 1000;
    private static final String GROUP = "DEFAULT_GROUP";
    private static final int CHANGES = 50;
    /** {@code nacos.naming.push.pushTaskTimeout}, left at its default on the shared server. */
    private static final long ACK_TIMEOUT_MILLIS = 5000;

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final List<RawNacosConnection> rawConnections = new ArrayList<>();

    @AfterEach
    void closeClients() {
        rawConnections.forEach(RawNacosConnection::close);
        clients.close();
    }

    @Test
    @DisplayName("50 changes cost the silent subscriber a few pushes, and the other subscriber sees each one")
    void silentSubscriberCostsAFewPushes() throws Exception {
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        List<Long> alone = changeRepeatedly(provider, subscriber, NamingClients.uniqueName("acked-only"));

        String service = NamingClients.uniqueName("never-acked");
        RawNacosConnection silent = RawNacosConnection.openNotAnswering(GRPC_PORT, "NotifySubscriberRequest");
        rawConnections.add(silent);
        long subscribedAt = System.nanoTime();
        assertEquals(200, silent.subscribe(GROUP, service).resultCode());
        List<Long> besideSilent = changeRepeatedly(provider, subscriber, service);

        // The retry, when it comes, carries the current state rather than the one first sent.
        await("a push of the latest state to the silent subscriber").atMost(Duration.ofSeconds(30))
                .until(() -> versionsPushed(silent, service).contains(Integer.toString(CHANGES)));
        long observedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - subscribedAt);
        List<String> pushed = versionsPushed(silent, service);
        long allowed = 2 + observedMillis / ACK_TIMEOUT_MILLIS;
        long p50Alone = median(alone);
        long p50BesideSilent = median(besideSilent);
        System.out.printf("[NeverAckSubscriberIT] %d changes: %d pushes to the silent subscriber in %d ms "
                        + "(allowed %d), versions %s; other subscriber's push latency p50 %d ms alone, "
                        + "%d ms beside the silent one%n",
                CHANGES, pushed.size(), observedMillis, allowed, pushed, p50Alone, p50BesideSilent);

        assertTrue(pushed.size() <= allowed, () -> pushed.size() + " pushes to a subscriber that never answers in "
                + observedMillis + " ms; two on their way at first, then a retry per " + ACK_TIMEOUT_MILLIS
                + " ms without an answer, allows " + allowed + ": " + pushed);
        List<Instance> cached = subscriber.getAllInstances(service);
        assertEquals(1, cached.size());
        assertEquals(Integer.toString(CHANGES), cached.get(0).getMetadata().get("version"),
                "the other subscriber's cache holds the latest state");
        assertTrue(p50BesideSilent <= 3 * p50Alone + 500, () -> "push latency p50 beside the silent subscriber "
                + p50BesideSilent + " ms, alone " + p50Alone + " ms");
    }

    /**
     * Registers the same instance {@value #CHANGES} times with a new version each time, waiting for the
     * subscriber's listener to see each one; returns the time each took to arrive, in ms.
     */
    private static List<Long> changeRepeatedly(NamingService provider, NamingService subscriber, String service)
            throws Exception {
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        List<Long> latencies = new ArrayList<>();
        for (int version = 1; version <= CHANGES; version++) {
            String expected = Integer.toString(version);
            Instance instance = instance("127.0.0.95", 9501);
            instance.setMetadata(Map.of("version", expected));
            long changedAt = System.nanoTime();
            provider.registerInstance(service, instance);
            await().atMost(Waits.PUSH).pollInterval(Duration.ofMillis(10))
                    .until(() -> listener.arrivalOfFirst(hasVersion(expected)).isPresent());
            latencies.add(TimeUnit.NANOSECONDS.toMillis(
                    listener.arrivalOfFirst(hasVersion(expected)).getAsLong() - changedAt));
        }
        return latencies;
    }

    private static Predicate<List<Instance>> hasVersion(String version) {
        return instances -> instances.size() == 1 && version.equals(instances.get(0).getMetadata().get("version"));
    }

    /** The version in each push the raw subscriber received for the service, in order ("" for an empty one). */
    private static List<String> versionsPushed(RawNacosConnection subscriber, String service) {
        List<String> versions = new ArrayList<>();
        for (Reply push : subscriber.received("NotifySubscriberRequest")) {
            ServiceInfo info = ServiceInfo.of(push.body());
            if (GROUP.equals(info.groupName()) && service.equals(info.name())) {
                versions.add(push.body().path("serviceInfo").path("hosts").path(0).path("metadata")
                        .path("version").asText(""));
            }
        }
        return versions;
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }
}
