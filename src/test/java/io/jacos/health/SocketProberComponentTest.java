package io.jacos.health;

import io.jacos.testing.ProbeTargets;
import io.jacos.testing.ProbeTargets.Blackhole;
import io.jacos.testing.ProbeTargets.StatusServer;
import io.jacos.testing.ProbeTargets.TcpListener;
import io.jacos.model.HealthCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

import static io.jacos.health.ProbeResult.ALIVE;
import static io.jacos.health.ProbeResult.FAILED;
import static io.jacos.health.ProbeResult.REFUSED;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probes against real sockets on 127.0.0.1. */
class SocketProberComponentTest {

    static final ThreadFactory DAEMONS = task -> {
        Thread thread = new Thread(task);
        thread.setDaemon(true);
        return thread;
    };

    private final ExecutorService lookups = Executors.newSingleThreadExecutor(DAEMONS);
    private SocketProber prober;

    @BeforeEach
    void open() throws IOException {
        prober = SocketProber.open(1, DAEMONS, lookups);
    }

    @AfterEach
    void close() {
        prober.close();
        lookups.shutdownNow();
    }

    private static HealthCheck http(String path, String headers, int expectedStatus) {
        return new HealthCheck(HealthCheck.Type.HTTP, path, headers, expectedStatus, 0, 0, 0, 0);
    }

    private ProbeResult answer(int port, HealthCheck check) throws Exception {
        return prober.probe("127.0.0.1", port, check).get(10, TimeUnit.SECONDS);
    }

    static boolean healthThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith("jacos-health-"));
    }

    @Test
    void tcpConnectSucceedsOnAListenerAndIsRefusedByAClosedPort() throws Exception {
        try (TcpListener listener = new TcpListener()) {
            assertEquals(ALIVE, answer(listener.port(), HealthCheck.TCP));
        }
        assertEquals(REFUSED, answer(ProbeTargets.closedPort(), HealthCheck.TCP));
        assertEquals(REFUSED, answer(ProbeTargets.closedPort(), http("/", "", 200)), "refused before any HTTP");
    }

    @Test
    void httpIsHealthyOnlyWithTheExpectedStatus() throws Exception {
        try (StatusServer server = new StatusServer()) {
            assertEquals(ALIVE, answer(server.port(), http("/", "", 200)));
            server.answer(500);
            assertEquals(FAILED, answer(server.port(), http("/", "", 200)));
            assertEquals(ALIVE, answer(server.port(), http("/", "", 500)), "a cluster may expect another status");
        }
    }

    @Test
    void httpSendsThePathHostConnectionCloseAndTheClustersHeaders() throws Exception {
        try (StatusServer server = new StatusServer()) {
            assertEquals(ALIVE, answer(server.port(), http("/health?deep=1", "X-Token:abc|Accept: text/plain", 200)));

            StatusServer.Request request = server.lastRequest();
            assertEquals("/health?deep=1", request.path());
            assertEquals("127.0.0.1:" + server.port(), request.headers().getFirst("Host"));
            assertEquals("close", request.headers().getFirst("Connection"));
            assertEquals("abc", request.headers().getFirst("X-Token"));
            assertEquals("text/plain", request.headers().getFirst("Accept"));
        }
    }

    @Test
    void httpCheckOfSomethingThatIsNoHttpServerFails() throws Exception {
        try (TcpListener listener = new TcpListener()) {
            assertEquals(FAILED, answer(listener.port(), http("/", "", 200)), "closed without a status line");
        }
    }

    @Test
    void everyProbeSocketIsClosedWhetherAnsweredRefusedOrAbandoned() throws Exception {
        try (TcpListener listener = new TcpListener(); StatusServer server = new StatusServer();
             Blackhole blackHole = new Blackhole()) {
            int refusing = ProbeTargets.closedPort();
            long before = OpenSockets.count();
            List<CompletableFuture<ProbeResult>> answered = new ArrayList<>();
            List<CompletableFuture<ProbeResult>> hanging = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answered.add(prober.probe("127.0.0.1", listener.port(), HealthCheck.TCP));
                answered.add(prober.probe("127.0.0.1", refusing, HealthCheck.TCP));
                answered.add(prober.probe("127.0.0.1", server.port(), http("/", "", 200)));
                hanging.add(prober.probe("127.0.0.1", blackHole.port(), HealthCheck.TCP));
            }
            CompletableFuture.allOf(answered.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            assertTrue(OpenSockets.count() > before, "the black-hole probes still hold their sockets");

            hanging.forEach(probe -> probe.complete(FAILED)); // as the checker does at the timeout

            await().atMost(Duration.ofSeconds(10)).until(() -> OpenSockets.count() == before);
        }
    }

    @Test
    void closeEndsTheIoThreads() {
        assertTrue(healthThreadsAlive(), "made when the prober opens, during deployment");

        prober.close();

        await().atMost(Duration.ofSeconds(10)).until(() -> !healthThreadsAlive());
    }
}
