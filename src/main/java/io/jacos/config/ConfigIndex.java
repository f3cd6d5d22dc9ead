package io.jacos.config;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each configuration's md5 and revision as last committed, so a listen request compares md5s without a database
 * read. A state is taken only when its revision is newer than the one held: revisions are the ids of the history
 * rows, which grow with every change, so a late copy of an older change never overwrites a newer one, a removal
 * included. Removed configurations are remembered (up to {@link #MAX_REMOVED}, oldest forgotten first) for that.
 */
@ApplicationScoped
public class ConfigIndex {

    static final int MAX_REMOVED = 10_000;

    /** What listeners compare: the md5 ({@link ConfigEntry#NO_MD5} once removed) and its revision. */
    public record Version(String md5, long revision) {
    }

    private final Map<ConfigKey, Version> versions = new ConcurrentHashMap<>();
    private final Map<ConfigKey, Long> removedOrder = new LinkedHashMap<>();

    public String md5(ConfigKey key) {
        Version version = versions.get(key);
        return version == null ? ConfigEntry.NO_MD5 : version.md5();
    }

    /** Takes a committed state if it is newer than the one held; true when the md5 listeners see changed. */
    public boolean apply(ConfigKey key, String md5, long revision) {
        String[] before = {null};
        Version after = versions.compute(key, (k, held) -> {
            before[0] = held == null ? ConfigEntry.NO_MD5 : held.md5();
            return held != null && held.revision() >= revision ? held : new Version(md5, revision);
        });
        trackRemoval(key, after);
        return !before[0].equals(after.md5());
    }

    public int size() {
        return versions.size();
    }

    /** Configurations that exist (the index also remembers recent removals, to order late changes after them). */
    public int live() {
        synchronized (removedOrder) {
            return Math.max(0, versions.size() - removedOrder.size());
        }
    }

    private void trackRemoval(ConfigKey key, Version now) {
        synchronized (removedOrder) {
            if (!now.md5().isEmpty()) {
                removedOrder.remove(key);
                return;
            }
            removedOrder.put(key, now.revision());
            Iterator<Map.Entry<ConfigKey, Long>> oldest = removedOrder.entrySet().iterator();
            while (removedOrder.size() > MAX_REMOVED && oldest.hasNext()) {
                Map.Entry<ConfigKey, Long> forgotten = oldest.next();
                oldest.remove();
                versions.computeIfPresent(forgotten.getKey(), (k, v) -> v.md5().isEmpty() ? null : v);
            }
        }
    }
}
