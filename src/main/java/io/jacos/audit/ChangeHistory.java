package io.jacos.audit;

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

/**
 * The change history of every service, fed by {@link InstancesChanged}. The observer is synchronous, so entries
 * keep the order of each client's changes and a read right after a change sees it; its work is a diff of two
 * short lists and an append under the service's own lock. A service's history outlives the service (the
 * point is to explain why it emptied) until the service bound drops it.
 */
@ApplicationScoped
public class ChangeHistory {

    /** Dropped together when the service bound is reached, so a burst of new services scans the map rarely. */
    private static final double EVICT_FRACTION = 0.1;

    private final Map<ServiceKey, ServiceHistory> byService = new ConcurrentHashMap<>();
    private Clock clock;
    private HistorySettings settings;

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
        ServiceHistory history = byService.get(change.service());
        if (history == null) {
            makeRoom();
            history = byService.computeIfAbsent(change.service(), s -> new ServiceHistory(settings.entriesPerService()));
        }
        history.add(entries, now);
    }

    /** The service's last {@code limit} entries, newest first; empty when it has none (or never existed). */
    public List<HistoryEntry> of(ServiceKey service, int limit) {
        return Optional.ofNullable(byService.get(service)).map(h -> h.newest(limit)).orElse(List.of());
    }

    public boolean knows(ServiceKey service) {
        return byService.containsKey(service);
    }

    private void makeRoom() {
        int max = settings.maxServices();
        if (byService.size() < max) {
            return;
        }
        int drop = Math.max(1, (int) (max * EVICT_FRACTION));
        byService.entrySet().stream()
                .sorted(Comparator.comparingLong(e -> e.getValue().lastChangeMillis()))
                .limit(drop)
                .map(Map.Entry::getKey)
                .toList()
                .forEach(byService::remove);
    }
}
