package io.jacos.config;

import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;

import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Each configuration's gray versions (rule and md5) as the store last held them, in the order they are matched (a
 * beta before any tag), with the revision of the change whose read put them here. A configuration whose gray
 * versions were all stopped is remembered (up to {@link #MAX_EMPTY}, the oldest forgotten first), so a slower
 * read of an older change cannot bring back what was stopped.
 */
final class GrayVersions {

    static final int MAX_EMPTY = 10_000;

    private static final Comparator<ConfigIndex.GrayVersion> FIRST_MATCHED = Comparator
            .comparingInt((ConfigIndex.GrayVersion gray) -> gray.rule().priority()).reversed()
            .thenComparing(gray -> gray.rule().name());

    private record Held(List<ConfigIndex.GrayVersion> versions, long revision) {
    }

    private final Map<ConfigKey, Held> byKey = new ConcurrentHashMap<>();
    private final Set<ConfigKey> emptyOrder = new LinkedHashSet<>();

    Optional<ConfigIndex.GrayVersion> served(ConfigKey key, ConfigView view) {
        Held held = byKey.get(key);
        if (held == null || view == null) {
            return Optional.empty();
        }
        return held.versions().stream().filter(gray -> gray.rule().matches(view)).findFirst();
    }

    boolean apply(ConfigKey key, List<ConfigIndex.GrayVersion> now, long revision) {
        List<ConfigIndex.GrayVersion> sorted = now.stream().sorted(FIRST_MATCHED).toList();
        AtomicReference<List<ConfigIndex.GrayVersion>> before = new AtomicReference<>(List.of());
        Held after = byKey.compute(key, (k, held) -> {
            before.set(held == null ? List.of() : held.versions());
            return held != null && held.revision() > revision ? held : new Held(sorted, revision);
        });
        trackEmpty(key, after);
        return !before.get().equals(after.versions());
    }

    boolean cover(ConfigKey key, long revision) {
        Held held = byKey.get(key);
        return held != null && held.revision() >= revision;
    }

    int count() {
        return byKey.values().stream().mapToInt(held -> held.versions().size()).sum();
    }

    private void trackEmpty(ConfigKey key, Held now) {
        synchronized (emptyOrder) {
            if (!now.versions().isEmpty()) {
                emptyOrder.remove(key);
                return;
            }
            emptyOrder.remove(key);
            emptyOrder.add(key);
            Iterator<ConfigKey> oldest = emptyOrder.iterator();
            while (emptyOrder.size() > MAX_EMPTY && oldest.hasNext()) {
                ConfigKey forgotten = oldest.next();
                oldest.remove();
                byKey.computeIfPresent(forgotten, (k, held) -> held.versions().isEmpty() ? null : held);
            }
        }
    }
}
