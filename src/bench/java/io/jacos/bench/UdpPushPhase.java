package io.jacos.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * UDP push-notify latency to a 1.x subscriber: a {@link UdpSubscriber} on 127.0.0.1 lists one service with its
 * {@code udpPort}, so the server subscribes {@code 127.0.0.1:udpPort}; an anchor instance keeps the service
 * non-empty. Rounds alternate between registering a "mover" instance over HTTP (a new port each time) and
 * deregistering it; latency runs from just before the HTTP call is sent to the arrival of the first new packet
 * whose ServiceInfo shows the change. Between rounds the phase does what a 1.4.6 client does in the background:
 * it polls the list every {@code cacheMillis} (which renews the subscription) and beats the anchor every 5 s.
 */
final class UdpPushPhase {

    private static final String SERVICE = "bench-udp";
    private static final String ANCHOR_IP = "127.2.0.1";
    private static final int ANCHOR_PORT = 9000;
    private static final String MOVER_IP = "127.2.0.2";
    private static final long BEAT_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** {@code serverAcks}: UDP pushes the server counted as acknowledged meanwhile; -1 when it does not say. */
    record Result(Latencies.Summary latency, int rounds, int packets, int retransmits, int undecodable,
                  int failedCalls, long serverAcks, String firstError) {
    }

    /** The change the current round waits for; replaced (never mutated) at the start of each round. */
    private record Round(int port, boolean present, long sentNanos, AtomicLong seenNanos, CountDownLatch seen) {
    }

    private final V1Http http;
    private final long roundTimeoutMillis;
    private UdpSubscriber subscriber;
    private volatile Round round = new Round(-1, true, 0, new AtomicLong(1), new CountDownLatch(0));
    private int nextPort;
    private int moverPort = -1;
    private long pollEveryNanos = TimeUnit.SECONDS.toNanos(10);
    private long lastPoll;
    private long lastBeat;
    private final AtomicReference<String> firstError = new AtomicReference<>();

    UdpPushPhase(V1Http http, long roundTimeoutMillis) {
        this.http = http;
        this.roundTimeoutMillis = roundTimeoutMillis;
    }

    /** Subscribes, warms up, measures, cleans up; logged as it goes. Throws when the subscription cannot be made. */
    static Result measure(BenchConfig config, V1Http http) throws Exception {
        UdpPushPhase phase = new UdpPushPhase(http, config.roundTimeoutMillis());
        try {
            phase.open();
            Result warm = phase.run(config.udpWarmupRounds());
            Benchmark.log("  warm-up: " + warm.rounds() + " rounds, " + Report.latency(warm.latency()) + ", "
                    + warm.packets() + " packets" + (warm.firstError() == null ? "" : ", first error: " + warm.firstError()));
            Benchmark.log("  " + config.udpRounds() + " rounds");
            return phase.run(config.udpRounds());
        } finally {
            phase.close();
        }
    }

    void open() throws IOException {
        subscriber = UdpSubscriber.open(this::onPush);
        V1Http.Answer anchor = http.register(SERVICE, ANCHOR_IP, ANCHOR_PORT);
        if (!anchor.ok()) {
            throw new IllegalStateException("anchor registration over HTTP: " + anchor);
        }
        beatAnchor(true);
        poll();
        Benchmark.log("1.x UDP push: subscribed 127.0.0.1:" + subscriber.port() + " to " + V1Http.grouped(SERVICE)
                + ", polling every " + TimeUnit.NANOSECONDS.toMillis(pollEveryNanos) + " ms");
    }

    Result run(int rounds) throws InterruptedException {
        int packetsBefore = subscriber.packets();
        int retransmitsBefore = subscriber.retransmits();
        int undecodableBefore = subscriber.undecodable();
        long acksBefore = serverAcks();
        Latencies latencies = new Latencies();
        int failedCalls = 0;
        firstError.set(null);
        for (int r = 0; r < rounds; r++) {
            keepAlive();
            boolean add = moverPort < 0;
            int port = add ? 30_000 + nextPort++ % 20_000 : moverPort;
            Round current = new Round(port, add, System.nanoTime(), new AtomicLong(), new CountDownLatch(1));
            round = current; // before the call: the push may arrive before the HTTP answer does
            V1Http.Answer answer = add ? http.register(SERVICE, MOVER_IP, port) : http.deregister(SERVICE, MOVER_IP, port);
            if (!answer.ok()) {
                failedCalls++;
                error((add ? "register " : "deregister ") + MOVER_IP + ":" + port + ": " + answer);
                // Whatever the server did with it, no later round looks for this port again.
                http.deregister(SERVICE, MOVER_IP, port);
                moverPort = -1;
                continue;
            }
            moverPort = add ? port : -1;
            if (current.seen().await(roundTimeoutMillis, TimeUnit.MILLISECONDS)) {
                latencies.add(current.seenNanos().get() - current.sentNanos());
            } else {
                latencies.miss();
            }
        }
        long acksAfter = serverAcks();
        if (subscriber.firstError() != null) {
            error(subscriber.firstError());
        }
        return new Result(latencies.summary(), rounds, subscriber.packets() - packetsBefore,
                subscriber.retransmits() - retransmitsBefore, subscriber.undecodable() - undecodableBefore,
                failedCalls, acksBefore < 0 || acksAfter < 0 ? -1 : acksAfter - acksBefore, firstError.get());
    }

    /** On the subscriber's thread: the first new packet showing the round's change ends the round. */
    private void onPush(JsonNode serviceInfo, long arrivalNanos) {
        Round current = round;
        String name = serviceInfo.path("name").asText();
        if (!V1Http.grouped(SERVICE).equals(name)) {
            // Subscribed to this one service only, and 1.x pushes carry the grouped name: anything else is a fault.
            error("push for \"" + name + "\", expected \"" + V1Http.grouped(SERVICE) + "\"");
            return;
        }
        boolean present = false;
        for (JsonNode host : serviceInfo.path("hosts")) {
            if (MOVER_IP.equals(host.path("ip").asText()) && host.path("port").asInt() == current.port()) {
                present = true;
                break;
            }
        }
        if (present == current.present() && current.seenNanos().compareAndSet(0, arrivalNanos)) {
            current.seen().countDown();
        }
    }

    /** A 1.4.6 client's background work, between rounds so that it never overlaps a measurement. */
    private void keepAlive() {
        long now = System.nanoTime();
        if (now - lastPoll >= pollEveryNanos) {
            poll();
        }
        if (now - lastBeat >= BEAT_EVERY_NANOS) {
            beatAnchor(false);
        }
    }

    private void poll() {
        lastPoll = System.nanoTime();
        V1Http.Answer answer = http.list(SERVICE, subscriber.port());
        long cacheMillis = answer.json().path("cacheMillis").asLong(0);
        if (answer.status() != 200 || cacheMillis <= 0) {
            throw new IllegalStateException("list with udpPort: " + answer);
        }
        pollEveryNanos = TimeUnit.MILLISECONDS.toNanos(cacheMillis);
    }

    /** Beats the anchor; registers it again when the server no longer knows it, as 1.4.6 does on code 20404. */
    private void beatAnchor(boolean full) {
        lastBeat = System.nanoTime();
        V1Http.Answer answer = http.beat(SERVICE, ANCHOR_IP, ANCHOR_PORT, full);
        if (answer.status() != 200 || answer.json().path("code").asInt() != 10200) {
            error("anchor beat: " + answer);
            http.register(SERVICE, ANCHOR_IP, ANCHOR_PORT);
        }
    }

    private long serverAcks() {
        V1Http.Answer state = http.get("/nacos/v1/ns/operator/push/state");
        JsonNode succeed = state.json().path("channels").path("udp").path("succeed");
        return state.status() == 200 && succeed.isNumber() ? succeed.asLong() : -1;
    }

    private void error(String message) {
        firstError.compareAndSet(null, message);
    }

    void close() {
        if (moverPort >= 0) {
            http.deregister(SERVICE, MOVER_IP, moverPort);
        }
        http.deregister(SERVICE, ANCHOR_IP, ANCHOR_PORT);
        if (subscriber != null) {
            subscriber.close();
        }
    }
}
