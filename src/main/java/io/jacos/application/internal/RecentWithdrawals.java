package io.jacos.application.internal;

import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The 1.x instances their own client deregistered within the last beat interval. The 1.4.6 client stops its beat
 * task before it sends the removal, but not a beat already on its way, and a full beat of an unknown instance
 * registers it again: such a late beat must not undo the removal. A registration ends the record at once, so an
 * application that registers again is served as before. At most {@link #MAX} records; the oldest go first.
 */
@ApplicationScoped
public class RecentWithdrawals {

    static final int MAX = 10_000;

    private record Endpoint(ServiceKey service, String ip, int port) {
    }

    private final Map<Endpoint, Long> withdrawnAt = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Endpoint, Long> eldest) {
            return size() > MAX;
        }
    };
    private Clock clock;

    /** For the container's proxy. */
    protected RecentWithdrawals() {
    }

    @Inject
    public RecentWithdrawals(Clock clock) {
        this.clock = clock;
    }

    synchronized void withdrawn(ServiceKey service, String ip, int port) {
        Endpoint endpoint = new Endpoint(service, ip, port);
        withdrawnAt.remove(endpoint);
        withdrawnAt.put(endpoint, clock.millis());
    }

    synchronized void registered(ServiceKey service, String ip, int port) {
        withdrawnAt.remove(new Endpoint(service, ip, port));
    }

    /** Whether the client deregistered this instance less than {@code windowMillis} ago. */
    synchronized boolean withinLast(ServiceKey service, String ip, int port, long windowMillis) {
        Long at = withdrawnAt.get(new Endpoint(service, ip, port));
        return at != null && clock.millis() - at < windowMillis;
    }
}
