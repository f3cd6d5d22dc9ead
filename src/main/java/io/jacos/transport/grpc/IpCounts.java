package io.jacos.transport.grpc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Registered connections per remote IP, kept as each connection is registered and unregistered, so the per-IP
 * limit costs one map step per setup however many connections are open. An IP without connections has no entry:
 * the map never holds more entries than there are connections.
 */
final class IpCounts {

    private final Map<String, Integer> counts = new ConcurrentHashMap<>();

    /**
     * Counts one more connection from {@code ip} unless {@code max} are counted already ({@code max <= 0}: no limit).
     * The check and the count are one atomic step, so concurrent setups from one IP never pass the limit.
     */
    boolean tryAdd(String ip, int max) {
        boolean[] added = {false};
        counts.compute(ip, (key, count) -> {
            int current = count == null ? 0 : count;
            if (max > 0 && current >= max) {
                return count;
            }
            added[0] = true;
            return current + 1;
        });
        return added[0];
    }

    /** Takes back one connection counted by {@link #tryAdd}. */
    void remove(String ip) {
        counts.computeIfPresent(ip, (key, count) -> count <= 1 ? null : count - 1);
    }

    int of(String ip) {
        return counts.getOrDefault(ip, 0);
    }
}
