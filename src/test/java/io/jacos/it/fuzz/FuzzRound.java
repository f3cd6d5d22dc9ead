package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.RawNacosConnection;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One fuzz run against a {@link FuzzServer}: {@code count} inputs from the seed, sent side by side: 67 % unary gRPC
 * payloads ({@link GrpcCases}) over four registered connections and one that never did the setup, 1 % bi-stream
 * openings ({@link SetupFuzz}) each on a connection of its own, and 32 % HTTP requests ({@link HttpCases}). Every
 * answer must keep its rules, the server must still be ready with nothing in its log but plain lines (no stack
 * trace, nothing SEVERE), and what the server holds (registry and configurations, {@link FuzzServer#state}) must be
 * exactly as before: while the fuzz connections are open (subscriber and listener counts aside, since those
 * connections subscribe and listen), and again once they closed (those counts included, and no connection left
 * over).
 */
final class FuzzRound {

    private static final int CONNECTIONS = 4;

    private final FuzzServer target;
    private final long seed;
    private final long count;

    FuzzRound(FuzzServer target, long seed, long count) {
        this.target = target;
        this.seed = seed;
        this.count = count;
    }

    void run() throws Exception {
        JacosServer server = target.server();
        String run = "FuzzIT (auth " + (target.callers().authOn() ? "on" : "off") + ")";
        System.out.println(run + ": seed " + seed + ", " + count + " inputs");
        Map<String, JsonNode> before = target.stableState();
        Map<String, JsonNode> beforeWithoutSubscribers = target.state(false);
        int connectionsBefore = target.connections();
        long logFrom = Files.size(server.log());
        Findings findings = new Findings();
        long setups = count / 100;
        long grpcCount = count * 67 / 100;
        List<RawNacosConnection> connections = new ArrayList<>();
        long started = System.nanoTime();
        try (RawNacosConnection unregistered = RawNacosConnection.withoutSetup(server.grpcPort())) {
            for (int i = 0; i < CONNECTIONS; i++) {
                connections.add(RawNacosConnection.open(server.grpcPort()));
            }
            Thread grpc = beside("fuzz-grpc", findings, () -> new GrpcRun(new GrpcCases(seed, target.known(),
                    target.callers()), connections, unregistered, findings).run(0, grpcCount));
            Thread setup = beside("fuzz-setups", findings, () -> new SetupRun(new SetupFuzz(seed), server.grpcPort(),
                    findings).run(0, setups));
            new HttpRun(new HttpCases(seed, target.known(), target.callers()), server.httpPort(), findings)
                    .run(0, count - grpcCount - setups);
            grpc.join();
            setup.join();
            System.out.printf("%s: %d inputs in %.1f s; answers: %s%n", run, count,
                    (System.nanoTime() - started) / 1e9, findings.outcomes());
            server.awaitReady();
            logged(server, logFrom).forEach(line -> findings.problem("server-log", line));
            String changes = RegistrySnapshot.diff(beforeWithoutSubscribers, target.state(false));
            assertTrue(findings.clean() && changes.isEmpty(), "seed " + seed + ": " + findings.report()
                    + "changes while the fuzz connections were open: " + changes);
        } finally {
            connections.forEach(RawNacosConnection::close);
        }
        await("as before once the fuzz connections closed").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertEquals("", RegistrySnapshot.diff(before, target.state(true))));
        await("no connection left over").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertEquals(connectionsBefore, target.connections()));
        assertEquals(List.of(), logged(server, logFrom), "the server's log after the connections closed");
    }

    private static Thread beside(String name, Findings findings, Sending sending) {
        Thread thread = new Thread(() -> {
            try {
                sending.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | Error e) {
                findings.problem(name, e.toString());
            }
        }, name);
        thread.start();
        return thread;
    }

    /** The first lines of a stack trace or of anything SEVERE that the server logged since {@code from}. */
    private static List<String> logged(JacosServer server, long from) throws IOException {
        byte[] all = Files.readAllBytes(server.log());
        String since = new String(all, (int) Math.min(from, all.length), (int) Math.max(0, all.length - from),
                StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        String previous = "";
        for (String line : since.split("\n")) {
            if ((line.startsWith("\tat ") && !previous.startsWith("\tat ")) || line.contains(" SEVERE ")) {
                lines.add(previous.strip() + " / " + line.strip());
            }
            previous = line;
        }
        return lines.stream().limit(20).toList();
    }

    private interface Sending {
        void run() throws InterruptedException;
    }
}
