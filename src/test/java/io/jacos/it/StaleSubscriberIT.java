package io.jacos.it;

import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.Concurrently;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import static io.jacos.it.support.NamingClients.endpoints;
import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A provider present in many services leaves at once, and every subscriber of those services must end up
 * without it: in the listener's latest event and in the client's cache, for every single service. Each
 * service has twenty instances, so the pushes that follow are large and many; the server has to deliver all of
 * them even when a subscriber's stream is momentarily not ready, and even when another subscriber reads slowly.
 * <p>
 * The wait is bounded generously (a slow machine waits rather than fails); the time to converge, whose target
 * is five seconds, and the number of services still stale at five seconds are printed.
 */
@ExtendWith(SharedServer.class)
@DisplayName("No subscriber is left with a stale view")
class StaleSubscriberIT {

    private static final int GRPC_PORT = SharedServer.HTTP_PORT + 1000;
    private static final Duration CONVERGENCE_BOUND = Duration.ofSeconds(30);
    private static final Duration CONVERGENCE_TARGET = Duration.ofSeconds(5);

    /** The provider's instance, one in every service; it is the one that leaves. */
    private static final String DEPARTING_IP = "127.0.1.1";
    private static final int PORT = 7001;
    /** The nineteen instances of every service that stay, registered by another client. */
    private static final List<String> STAYING_IPS =
            IntStream.rangeClosed(1, 19).mapToObj(i -> "127.0.2." + i).toList();
    private static final List<String> STAYING = STAYING_IPS.stream().map(ip -> ip + ":" + PORT).sorted().toList();

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final List<RawNacosConnection> rawConnections = new ArrayList<>();

    @AfterEach
    void closeClients() {
        rawConnections.forEach(RawNacosConnection::close);
        clients.close();
    }

    /** Services of one group, each with the departing instance plus the staying ones, and one subscriber. */
    private final class Fleet {
        final String group = NamingClients.uniqueName("STALE");
        final List<String> services;
        final NamingService provider = clients.open();
        final NamingService others = clients.open();
        final NamingService subscriber = clients.open();
        final Map<String, EventRecorder> listeners = new ConcurrentHashMap<>();

        Fleet(int size) throws Exception {
            services = IntStream.range(0, size).mapToObj(i -> "svc-" + i).toList();
            Concurrently.forEach(services, service -> {
                others.batchRegisterInstance(service, group, staying());
                provider.registerInstance(service, group, instance(DEPARTING_IP, PORT));
            });
            Concurrently.forEach(services, service -> {
                EventRecorder listener = new EventRecorder();
                listeners.put(service, listener);
                subscriber.subscribe(service, group, listener);
            });
            List<String> all = new ArrayList<>(STAYING);
            all.add(DEPARTING_IP + ":" + PORT);
            List<String> before = all.stream().sorted().toList();
            await("the subscriber sees all twenty instances of every service").atMost(Waits.PUSH)
                    .untilAsserted(() -> assertEquals(List.of(), servicesWhereSubscriberDoesNotSee(before)));
        }

        /** Services whose latest event, or whose cached list, is not exactly the expected endpoints. */
        List<String> servicesWhereSubscriberDoesNotSee(List<String> expected) {
            return services.stream().filter(service -> !expected.equals(listeners.get(service).lastEndpoints())
                    || !expected.equals(endpoints(cached(service)))).toList();
        }

        /** On a subscribed client this reads the client's cache, which pushes keep up to date. */
        private List<Instance> cached(String service) {
            try {
                return subscriber.getAllInstances(service, group);
            } catch (NacosException e) {
                throw new IllegalStateException(e);
            }
        }

        /** The provider shuts down as an application does on exit; returns when it started to. */
        long providerLeaves() throws NacosException {
            long leftAt = System.nanoTime();
            clients.shutDown(provider);
            return leftAt;
        }
    }

    @Test
    @DisplayName("a provider leaving 200 services of 20 instances is gone from every service the subscriber sees")
    void providerLeavesTwoHundredServices() throws Exception {
        Fleet fleet = new Fleet(200);

        long leftAt = fleet.providerLeaves();

        awaitConvergence("200 services, real subscriber", fleet.services.size(), leftAt,
                () -> fleet.servicesWhereSubscriberDoesNotSee(STAYING));
    }

    @Test
    @DisplayName("the subscriber converges while a slowed subscriber of the same services stalls its stream, "
            + "and the slowed one is brought up to date once it reads again")
    void providerLeavesWhileAnotherSubscriberReadsSlowly() throws Exception {
        Fleet fleet = new Fleet(200);
        RawNacosConnection slowed = RawNacosConnection.openReadingOnDemand(GRPC_PORT);
        rawConnections.add(slowed);
        Map<String, List<String>> slowedView = new HashMap<>();
        for (String service : fleet.services) {
            Reply subscribed = slowed.subscribe(fleet.group, service);
            assertEquals(200, subscribed.resultCode(), () -> "slowed subscriber's subscription: " + subscribed);
            slowedView.put(service, ServiceInfo.of(subscribed.body()).endpoints());
        }
        slowed.pauseReading();
        // A trickle of reads, and the health check a real client sends, so it is slow but plainly alive.
        ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
        try {
            trickle.scheduleAtFixedRate(() -> slowed.read(1), 100, 100, TimeUnit.MILLISECONDS);
            trickle.scheduleAtFixedRate(slowed::signalAlive, 0, 1, TimeUnit.SECONDS);

            long leftAt = fleet.providerLeaves();

            awaitConvergence("200 services, real subscriber beside a slowed one", fleet.services.size(), leftAt,
                    () -> fleet.servicesWhereSubscriberDoesNotSee(STAYING));
        } finally {
            trickle.shutdownNow();
        }

        long resumedAt = System.nanoTime();
        slowed.resumeReading();
        assertEquals(200, slowed.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}").resultCode(),
                "the slowed subscriber is still a registered connection");
        awaitConvergence("200 services, slowed subscriber after it reads again", fleet.services.size(), resumedAt,
                () -> servicesWhereLastPushIsNot(STAYING, fleet, slowed, slowedView));
    }

    @Test
    @DisplayName("a provider leaving 1,000 services of 20 instances is gone from every service the subscriber sees")
    void providerLeavesAThousandServices() throws Exception {
        Fleet fleet = new Fleet(1000);

        long leftAt = fleet.providerLeaves();

        awaitConvergence("1,000 services, real subscriber", fleet.services.size(), leftAt,
                () -> fleet.servicesWhereSubscriberDoesNotSee(STAYING));
    }

    /**
     * The services whose latest state seen by a raw subscriber, the last push for it on the stream or else its
     * subscribe answer, is not exactly the expected endpoints.
     */
    private static List<String> servicesWhereLastPushIsNot(List<String> expected, Fleet fleet,
                                                           RawNacosConnection subscriber,
                                                           Map<String, List<String>> fromSubscribeAnswers) {
        Map<String, List<String>> latest = new LinkedHashMap<>(fromSubscribeAnswers);
        for (Reply push : subscriber.received("NotifySubscriberRequest")) {
            ServiceInfo info = ServiceInfo.of(push.body());
            if (fleet.group.equals(info.groupName())) {
                latest.put(info.name(), info.endpoints());
            }
        }
        return fleet.services.stream().filter(service -> !expected.equals(latest.get(service))).toList();
    }

    /**
     * Waits (bounded generously) until no service is stale, then prints how long it took from {@code sinceNanos}
     * and how many services were still stale at the five-second target.
     */
    private static void awaitConvergence(String what, int total, long sinceNanos, Supplier<List<String>> stale) {
        AtomicInteger staleAtTarget = new AtomicInteger(-1);
        await(what + ": no stale service").atMost(CONVERGENCE_BOUND).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> {
                    List<String> staleNow = stale.get();
                    long elapsedMillis = millisSince(sinceNanos);
                    if (elapsedMillis >= CONVERGENCE_TARGET.toMillis()) {
                        staleAtTarget.compareAndSet(-1, staleNow.size());
                    }
                    assertEquals(0, staleNow.size(), () -> staleNow.size() + " of " + total
                            + " services still stale after " + elapsedMillis + " ms (" + staleAtTarget.get()
                            + " at 5 s), e.g. " + staleNow.subList(0, Math.min(5, staleNow.size())));
                });
        long convergedMillis = millisSince(sinceNanos);
        System.out.printf("[StaleSubscriberIT] %s: all %d services up to date after %d ms (target <= %d ms); "
                        + "stale at %d s: %d%n", what, total, convergedMillis, CONVERGENCE_TARGET.toMillis(),
                CONVERGENCE_TARGET.toSeconds(), Math.max(0, staleAtTarget.get()));
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    private static List<Instance> staying() {
        return new ArrayList<>(STAYING_IPS.stream().map(ip -> instance(ip, PORT)).toList());
    }
}
