package io.jacos.push;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counters of push outcomes, for the operator endpoints. */
@ApplicationScoped
public class PushStats {

    private record Counters(LongAdder succeeded, LongAdder failed) {
        Counters() {
            this(new LongAdder(), new LongAdder());
        }
    }

    // One entry per channel name: as many as there are transports.
    private final Map<String, Counters> byChannel = new ConcurrentHashMap<>();

    void succeeded(String channel) {
        counters(channel).succeeded().increment();
    }

    void failed(String channel) {
        counters(channel).failed().increment();
    }

    public long succeededCount() {
        return byChannel.values().stream().mapToLong(c -> c.succeeded().sum()).sum();
    }

    public long failedCount() {
        return byChannel.values().stream().mapToLong(c -> c.failed().sum()).sum();
    }

    /** Pushes the subscriber acknowledged, through one channel ({@code grpc}, {@code udp}). */
    public long succeededCount(String channel) {
        Counters counters = byChannel.get(channel);
        return counters == null ? 0 : counters.succeeded().sum();
    }

    public long failedCount(String channel) {
        Counters counters = byChannel.get(channel);
        return counters == null ? 0 : counters.failed().sum();
    }

    private Counters counters(String channel) {
        return byChannel.computeIfAbsent(channel, c -> new Counters());
    }
}
