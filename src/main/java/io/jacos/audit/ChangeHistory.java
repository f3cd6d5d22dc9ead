package io.jacos.audit;

import io.jacos.settings.HistorySettings;
import io.jacos.event.InstancesChanged;
import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The change history of every service, fed by {@link InstancesChanged}. The observer is synchronous, so entries
 * keep the order of each client's changes and a read right after a change sees it; its work is a diff of two
 * short lists and an append under the service's own lock. A service's history outlives the service (the
 * point is to explain why it emptied) until a bound drops it: entries per service, services, and entries in all
 * (each entry's texts are bounded too, see {@link HistoryEntry}).
 */
@ApplicationScoped
public class ChangeHistory {

    /** Dropped together when a bound is reached, so a burst of changes scans the map rarely. */
    private static final double EVICT_FRACTION = 0.1;

    private final Map<ServiceKey, ServiceHistory> byService = new ConcurrentHashMap<>();
    /** Entries of all histories in the map; each history's count joins on add and leaves when it is retired. */
    private final AtomicLong total = new AtomicLong();
    private Clock clock;
    private HistorySettings settings;

    /** For the container's proxy. */
    ChangeHistory() {
    }

    @Inject
    public ChangeHistory(Clock clock, HistorySettings settings) {
        this.clock = clock;
        this.settings = settings;
    }

    void changed(@Observes InstancesChanged change) {
        long now = clock.millis();
        List<HistoryEntry> entries = HistoryDiff.entries(change, now);
        if (entries.isEmpty()) {
            return;
        }
        while (true) {
            ServiceHistory history = byService.get(change.service());
            if (history == null) {
                int maxServices = settings.maxServices();
                if (byService.size() >= maxServices) {
                    evictOldest(byService.size() - maxServices + fraction(maxServices), -1);
                }
                history = byService.computeIfAbsent(change.service(),
                        s -> new ServiceHistory(settings.entriesPerService()));
            }
            int grown = history.add(entries, now);
            if (grown >= 0) {
                total.addAndGet(grown);
                break;
            }
            // Retired by a bound meanwhile: start the service's history afresh.
            byService.remove(change.service(), history);
        }
        long max = settings.maxEntries();
        if (total.get() > max) {
            evictOldest(Integer.MAX_VALUE, max - fraction(max));
        }
    }

    /** The service's last {@code limit} entries, newest first; empty when it has none (or never existed). */
    public List<HistoryEntry> of(ServiceKey service, int limit) {
        return Optional.ofNullable(byService.get(service)).map(h -> h.newest(limit)).orElse(List.of());
    }

    public boolean knows(ServiceKey service) {
        return byService.containsKey(service);
    }

    /** Entries held for all services together. */
    long size() {
        return total.get();
    }

    /**
     * Drops the histories changed longest ago: {@code services} of them at most, and stops early once no more than
     * {@code keepEntries} entries remain (-1: no such stop). One caller at a time, so concurrent changes do not drop twice as much.
     */
    private synchronized void evictOldest(int services, long keepEntries) {
        List<Map.Entry<ServiceKey, ServiceHistory>> oldestFirst = byService.entrySet().stream()
                .sorted(Comparator.comparingLong(e -> e.getValue().lastChangeMillis()))
                .toList();
        int dropped = 0;
        for (Map.Entry<ServiceKey, ServiceHistory> oldest : oldestFirst) {
            if (dropped >= services || total.get() <= keepEntries) {
                return;
            }
            if (byService.remove(oldest.getKey(), oldest.getValue())) {
                total.addAndGet(-oldest.getValue().retire());
                dropped++;
            }
        }
    }

    private static int fraction(long max) {
        return (int) Math.max(1, max * EVICT_FRACTION);
    }
}
