package io.jacos.config;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each configuration's md5 and revision as last committed, so a listen request compares md5s without a database
 * read. A state is taken only when its revision is newer than the one held: revisions are the ids of the history
 * rows, which grow with every change, so a late copy of an older change never overwrites a newer one, a removal
 * included. Removed configurations are remembered (up to {@link #MAX_REMOVED}, oldest forgotten first) for that.
 * Beside the formal md5, each configuration's gray versions (rule and md5, as the store holds them now): the md5 a
 * listener compares with is the one of the first gray version whose rule matches it (a beta before any tag), else
 * the formal one.
 */
@ApplicationScoped
public class ConfigIndex {

    static final int MAX_REMOVED = 10_000;

    /** What listeners compare: the md5 ({@link ConfigEntry#NO_MD5} once removed) and its revision. */
    public record Version(String md5, long revision) {
    }

    /** A gray version as listeners compare it. */
    public record GrayVersion(GrayRule rule, String md5) {
    }

    private final Map<ConfigKey, Version> versions = new ConcurrentHashMap<>();
    private final GrayVersions grays = new GrayVersions();
    private final Map<ConfigKey, Long> removedOrder = new LinkedHashMap<>();

    public String md5(ConfigKey key) {
        Version version = versions.get(key);
        return version == null ? ConfigEntry.NO_MD5 : version.md5();
    }

    /** The md5 a client seen as {@code view} compares with: its gray version's, else the formal one. */
    public String md5(ConfigKey key, ConfigView view) {
        return grayFor(key, view).map(GrayVersion::md5).orElseGet(() -> md5(key));
    }

    /** The gray version served to {@code view}, if any. */
    public Optional<GrayVersion> grayFor(ConfigKey key, ConfigView view) {
        return grays.served(key, view);
    }

    /**
     * Takes the configuration's gray versions as the store holds them, read after the gray change of revision
     * {@code revision} committed; a read prompted by an older change than the one held is dropped, so a slow reader
     * never puts back a set a newer one replaced. True when any rule or md5 changed.
     */
    public boolean applyGrays(ConfigKey key, List<GrayVersion> now, long revision) {
        return grays.apply(key, now, revision);
    }

    /** Whether the gray change of {@code revision} is taken already (the set held was read after it). */
    public boolean graysCover(ConfigKey key, long revision) {
        return grays.cover(key, revision);
    }

    /** Gray versions held, over all configurations. */
    public int grayCount() {
        return grays.count();
    }

    /** Takes a committed state if it is newer than the one held; true when the md5 listeners see changed. */
    public boolean apply(ConfigKey key, String md5, long revision) {
        return take(key, md5, revision, false);
    }

    /**
     * Takes the stored state even at the revision held (a row edited in place, outside Jacos); a newer revision
     * held stays. True when the md5 listeners see changed.
     */
    public boolean reconcile(ConfigKey key, String md5, long revision) {
        return take(key, md5, revision, true);
    }

    private boolean take(ConfigKey key, String md5, long revision, boolean sameRevisionToo) {
        String[] before = {null};
        Version after = versions.compute(key, (k, held) -> {
            before[0] = held == null ? ConfigEntry.NO_MD5 : held.md5();
            boolean newer = held == null || held.revision() < revision
                    || (sameRevisionToo && held.revision() == revision);
            return newer ? new Version(md5, revision) : held;
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
