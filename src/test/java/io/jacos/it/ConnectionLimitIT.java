package io.jacos.it;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.RawNacosConnection.Reply;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

import static io.jacos.it.support.RawNacosConnection.object;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's count and rate limits, on one server of their own with small limits: with a per-IP connection
 * limit, the connection over it is refused and a freed slot is reusable; each rate limit lets its burst pass,
 * refuses the next request with 503 over threshold, and the refused registrations change nothing.
 * <p>
 * The exact boundary (N pass, N+1 refused, refill) is proven with a fake clock in {@code KeyedLimitTest} and
 * {@code RateLimitsTest}; here real time passes while the burst is sent, and a bucket refills by rate × elapsed
 * time, so the count that passes is checked between N and N plus that refill.
 */
class ConnectionLimitIT {

    private static final int GRPC_PER_CONNECTION = 10;
    private static final int GRPC_PER_IP = 16;
    private static final int REGISTER_PER_CONNECTION = 3;
    private static final int REGISTER_PER_IP = 5;
    private static final int HTTP_PER_IP = 20;
    private static final String HEALTH_CHECK = "{\"headers\":{},\"module\":\"internal\"}";

    private static JacosServer server;
    private static NacosHttp http;

    @BeforeAll
    static void startServerWithSmallLimits() {
        server = new JacosServer("limit", SharedServer.ownServerPort(2), Map.of(
                "jacos.connection.max-per-ip", "2",
                "jacos.limit.grpc.per-connection", Integer.toString(GRPC_PER_CONNECTION),
                "jacos.limit.grpc.per-ip", Integer.toString(GRPC_PER_IP),
                "jacos.limit.register.per-connection", Integer.toString(REGISTER_PER_CONNECTION),
                "jacos.limit.register.per-ip", Integer.toString(REGISTER_PER_IP),
                "jacos.limit.http.per-ip", Integer.toString(HTTP_PER_IP))).start();
        http = new NacosHttp(server.serverAddr());
    }

    @AfterAll
    static void stopServer() {
        server.stop();
    }

    @Test
    void theThirdConnectionFromOneIpIsRefusedUntilOneCloses() {
        awaitFullBuckets();
        try (RawNacosConnection first = RawNacosConnection.open(server.grpcPort());
             RawNacosConnection second = RawNacosConnection.open(server.grpcPort())) {
            assertThrows(IllegalStateException.class, () -> RawNacosConnection.open(server.grpcPort()),
                    "no SetupAckRequest for the connection over the limit");
            assertEquals(200, second.request("HealthCheckRequest", HEALTH_CHECK).resultCode());

            first.close();
            awaitFreeSlot();
        }
    }

    @Test
    void eachRateLimitPassesItsBurstAndRefusesTheNextWith503() {
        try (RawNacosConnection a = openWhenFree(); RawNacosConnection b = openWhenFree()) {
            awaitFullBuckets(); // the server checks of the opening count too
            Burst perConnection = burst(() -> a.request("HealthCheckRequest", HEALTH_CHECK));
            perConnection.assertRefusedAfter(GRPC_PER_CONNECTION, "jacos.limit.grpc.per-connection");
            assertEquals("HealthCheckResponse", perConnection.refusal.type());
            // Server checks count too: with the bucket empty, at most what refilled since passes.
            Burst serverChecks = burst(() -> a.request("ServerCheckRequest", "{\"headers\":{}}"));
            assertEquals("ServerCheckResponse", serverChecks.refusal.type());
            long sinceEmpty = serverChecks.refusedAt - perConnection.refusedAt;
            assertTrue(serverChecks.passed <= 1 + Math.ceil(GRPC_PER_CONNECTION * sinceEmpty / 1e9),
                    serverChecks.passed + " server checks passed " + sinceEmpty / 1_000_000 + " ms after the bucket was empty");

            awaitFullBuckets();
            boolean[] turn = {false};
            Burst perIp = burst(() -> (turn[0] = !turn[0]) ? a.request("HealthCheckRequest", HEALTH_CHECK)
                    : b.request("HealthCheckRequest", HEALTH_CHECK));
            perIp.assertRefusedAfter(GRPC_PER_IP, "jacos.limit.grpc.per-ip");

            awaitFullBuckets();
            int[] port = {8000};
            // A 2.x connection holds one instance per service, so each registration goes to a service of its own.
            Burst registrations = burst(() -> a.request("InstanceRequest", register("rl-grpc-" + ++port[0], port[0])));
            registrations.assertRefusedAfter(REGISTER_PER_CONNECTION, "jacos.limit.register.per-connection");
            assertEquals("InstanceResponse", registrations.refusal.type());
            assertEquals(1, hostCount("rl-grpc-" + (port[0] - 1)), "the last registration that passed");
            assertEquals(0, hostCount("rl-grpc-" + port[0]), "the refused registration changed nothing");
        }

        awaitFullBuckets();
        int[] port = {9000};
        Burst httpRegistrations = httpBurst(() -> http.call("POST", "/nacos/v1/ns/instance", Map.of(
                "serviceName", "rl-http", "ip", "10.7.7.7", "port", Integer.toString(++port[0]))));
        httpRegistrations.assertRefusedAfter(REGISTER_PER_IP, "jacos.limit.register.per-ip");

        awaitFullBuckets();
        assertEquals(httpRegistrations.passed, hostCount("rl-http"), "the refused registration changed nothing");
        Burst reads = httpBurst(() -> http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", "rl-http")));
        reads.assertRefusedAfter(HTTP_PER_IP - 1, "jacos.limit.http.per-ip");
        assertTrue(reads.httpRefusal.contentType().startsWith("text/plain"), reads.httpRefusal.toString());
        // The v2 API's refusal, once the bucket is empty again: on a busy machine a token may have refilled since.
        Burst v2Reads = httpBurst(() -> http.get("/nacos/v2/ns/instance/list", Map.of("serviceName", "rl-http")));
        long v2SinceEmpty = v2Reads.refusedAt - reads.refusedAt;
        assertTrue(v2Reads.passed <= 1 + Math.ceil(HTTP_PER_IP * v2SinceEmpty / 1e9),
                v2Reads.passed + " v2 reads passed " + v2SinceEmpty / 1_000_000 + " ms after the bucket was empty");
        NacosHttp.Answer v2 = v2Reads.httpRefusal;
        assertEquals(30000, v2.json().path("code").asInt(), v2.toString());
        assertTrue(v2.json().path("data").asText().startsWith("over threshold"), v2.toString());
    }

    /** What a burst sent as fast as one thread can: how many passed before the first refusal, and in what time. */
    private static final class Burst {
        int passed;
        long nanos;
        long refusedAt;
        Reply refusal;
        NacosHttp.Answer httpRefusal;

        /** At least N passed, and no more than N plus what the bucket refilled while they were sent (+1 for rounding). */
        void assertRefusedAfter(int burst, String setting) {
            long refill = (long) Math.ceil(burst * nanos / 1e9);
            assertTrue(passed >= burst && passed <= burst + refill + 1,
                    setting + ": " + passed + " passed in " + nanos / 1_000_000 + " ms, expected " + burst);
            String message = refusal != null ? refusal.message() : httpRefusal.body();
            assertTrue(message.startsWith("over threshold") && message.contains(setting), message);
            if (refusal != null) {
                assertEquals(503, refusal.errorCode(), refusal.toString());
                assertEquals(500, refusal.resultCode(), refusal.toString());
            } else {
                assertEquals(503, httpRefusal.status(), httpRefusal.toString());
            }
        }
    }

    private static Burst burst(Supplier<Reply> call) {
        Burst burst = new Burst();
        long start = System.nanoTime();
        for (int i = 0; i < 200; i++) {
            Reply reply = call.get();
            if (reply.errorCode() == 503) {
                burst.refusedAt = System.nanoTime();
                burst.nanos = burst.refusedAt - start;
                burst.refusal = reply;
                return burst;
            }
            assertEquals(200, reply.resultCode(), reply.toString());
            burst.passed++;
        }
        throw new AssertionError("never refused after " + burst.passed);
    }

    private static Burst httpBurst(Supplier<NacosHttp.Answer> call) {
        Burst burst = new Burst();
        long start = System.nanoTime();
        for (int i = 0; i < 200; i++) {
            NacosHttp.Answer answer = call.get();
            if (answer.status() == 503) {
                burst.refusedAt = System.nanoTime();
                burst.nanos = burst.refusedAt - start;
                burst.httpRefusal = answer;
                return burst;
            }
            assertEquals(200, answer.status(), answer.toString());
            burst.passed++;
        }
        throw new AssertionError("never refused after " + burst.passed);
    }

    private static ObjectNode register(String service, int port) {
        ObjectNode request = object().put("namespace", "public").put("serviceName", service)
                .put("groupName", "DEFAULT_GROUP").put("module", "naming").put("type", "registerInstance");
        request.set("headers", object());
        request.set("instance", object().put("ip", "10.8.8.8").put("port", port).put("weight", 1.0)
                .put("healthy", true).put("enabled", true).put("ephemeral", true).put("clusterName", "DEFAULT"));
        return request;
    }

    private static int hostCount(String service) {
        NacosHttp.Answer list = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", service));
        if (list.status() >= 400 && list.status() < 500) {
            return 0; // a service never created
        }
        assertEquals(200, list.status(), list.toString());
        return list.json().path("hosts").size();
    }

    /**
     * A bucket is full again one second after its last use, whatever its rate; the tests before used them. This
     * waits for time itself, which is what a rate limit counts, not for a condition a poll could see.
     */
    private static void awaitFullBuckets() {
        long until = System.nanoTime() + Duration.ofMillis(1100).toNanos();
        await("buckets refilled").pollDelay(Duration.ofMillis(1100)).atMost(Duration.ofSeconds(5))
                .until(() -> System.nanoTime() >= until);
    }

    private static RawNacosConnection openWhenFree() {
        return await("a connection slot").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> RawNacosConnection.open(server.grpcPort()), c -> true);
    }

    private static void awaitFreeSlot() {
        await("a freed slot").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> {
                    RawNacosConnection.open(server.grpcPort()).close();
                    return true;
                });
    }
}
