package io.jacos.health;

import io.jacos.application.PersistentInstanceService.CheckTarget;
import io.jacos.testing.ProbeTargets;
import io.jacos.testing.ProbeTargets.Blackhole;
import io.jacos.testing.ProbeTargets.StatusServer;
import io.jacos.testing.ProbeTargets.TcpListener;
import io.jacos.model.HealthCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checker running for real: its own tick, real sockets on 127.0.0.1, a registry fake that keeps the verdicts. */
class HealthCheckLoopComponentTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final FakeRegistry registry = new FakeRegistry();
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2, SocketProberComponentTest.DAEMONS);
    private SocketProber prober;
    private HealthCheckLoop loop;

    private void start(HealthLimits limits) throws IOException {
        prober = SocketProber.open(1, SocketProberComponentTest.DAEMONS, scheduler);
        loop = new HealthCheckLoop(scheduler, prober, registry, limits, Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        if (loop != null) {
            loop.stop();
            prober.close();
        }
        scheduler.shutdownNow();
    }

    @Test
    void listenerKeepsItsInstanceHealthyAndItsAbsenceMakesItUnhealthyUntilItReturns() throws IOException {
        start(new HealthLimits(100, 1000, 3, 1, 4096, 20, 100, 1));
        try (TcpListener listener = new TcpListener()) {
            registry.add(listener.port(), HealthCheck.TCP);
            await().atMost(PATIENCE).until(() -> listener.accepted() >= 3);
            assertEquals(List.of(), registry.verdicts());

            listener.close();
            await().atMost(PATIENCE).until(() -> !registry.healthy(listener.port()));

            listener.reopen();
            await().atMost(PATIENCE).until(() -> registry.healthy(listener.port()));
            assertEquals(List.of(false, true),
                    registry.verdicts().stream().map(FakeRegistry.Verdict::healthy).toList());
        }
    }

    @Test
    void httpCheckFollowsTheStatusTheInstanceAnswers() throws IOException {
        start(new HealthLimits(100, 1000, 2, 1, 4096, 20, 100, 1));
        try (StatusServer server = new StatusServer()) {
            registry.add(server.port(), new HealthCheck(HealthCheck.Type.HTTP, "/ready", "", 200, 0, 0, 0, 0));
            await().atMost(PATIENCE).until(() -> server.lastRequest() != null);

            server.answer(500);
            await().atMost(PATIENCE).until(() -> !registry.healthy(server.port()));
            server.answer(200);
            await().atMost(PATIENCE).until(() -> registry.healthy(server.port()));
            assertEquals("/ready", server.lastRequest().path());
        }
    }

    /**
     * 200 dead targets, half refusing and half hanging until their timeout, which is six intervals long: a checker
     * that probed one target after another would reach the live one about once every 150 s; a concurrent one
     * probes it every interval.
     */
    @Test
    void deadAndHangingTargetsDoNotDelayTheChecksOfALiveOne() throws IOException {
        long interval = 250;
        long timeout = 1500;
        start(new HealthLimits(interval, timeout, 2, 1, 4096, 20, interval, 1));
        try (TcpListener live = new TcpListener(); Blackhole blackHole = new Blackhole()) {
            int refusing = ProbeTargets.closedPort();
            IntStream.rangeClosed(1, 100).forEach(i -> {
                registry.put(new CheckTarget(FakeRegistry.SERVICE, "127.0.0.1", 20_000 + i, refusing,
                        HealthCheck.TCP, true));
                registry.put(new CheckTarget(FakeRegistry.SERVICE, "127.0.0.1", 30_000 + i, blackHole.port(),
                        HealthCheck.TCP, true));
            });
            registry.add(live.port(), HealthCheck.TCP);

            await().atMost(PATIENCE).until(() -> live.accepted() >= 8);
            await().atMost(PATIENCE).until(() -> registry.verdicts().size() >= 200);

            assertEquals(List.of(), registry.verdictsFor(live.port()));
            assertTrue(registry.verdicts().stream().noneMatch(FakeRegistry.Verdict::healthy));
            assertTrue(registry.verdicts().stream().noneMatch(v -> v.thread().startsWith("jacos-health-")),
                    "no verdict stored by an I/O thread");
        }
    }
}
