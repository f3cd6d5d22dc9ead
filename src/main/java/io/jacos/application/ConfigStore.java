package io.jacos.application;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;

import java.util.List;
import java.util.Optional;

/**
 * Where configurations live: the shared database every node reads, the one truth of what a configuration holds.
 * Each write is one transaction that changes the row and records the change in its history. A configuration's
 * revision is the id of the history row of its last change: it grows with every change of any configuration, and
 * for one configuration in the order the changes were committed, a removal and a re-creation included.
 */
public interface ConfigStore {

    /** What a publish did. */
    enum Outcome { CREATED, UPDATED, CAS_MISMATCH, NAMESPACE_FULL }

    /**
     * A publish's outcome and the row as it is now (the unchanged row on a CAS mismatch; null when the namespace
     * was full).
     */
    record Published(Outcome outcome, ConfigEntry entry) {
    }

    /** A removal: what the configuration held, and the revision of its removal. */
    record Removed(ConfigEntry before, long revision) {
    }

    /**
     * A configuration's identity and version, without its content: what listeners and peers compare. From
     * {@link #changesAfter}, a change of a gray version names it ({@code grayName}, "" for the formal version).
     */
    record Digest(ConfigKey key, String md5, long revision, String grayName) {
        public Digest(ConfigKey key, String md5, long revision) {
            this(key, md5, revision, "");
        }

        public boolean gray() {
            return !grayName.isEmpty();
        }
    }

    Optional<ConfigEntry> find(ConfigKey key);

    /**
     * Creates or replaces the configuration. With {@link ConfigWrite#casMd5()} set, an existing row is replaced
     * only while its md5 is that one (a missing row is created): Nacos's compare-and-set publish.
     */
    default Published publish(ConfigWrite write) {
        return publish(write, Integer.MAX_VALUE);
    }

    /**
     * As {@link #publish(ConfigWrite)}, but a configuration is created only while its namespace holds fewer than
     * {@code maxInNamespace} (outcome {@link Outcome#NAMESPACE_FULL} otherwise, nothing written). Two creations at
     * once may both pass the bound by one: it protects the store, it is not an exact quota.
     */
    Published publish(ConfigWrite write, int maxInNamespace);

    /** Removes the configuration; empty when there was none. */
    Optional<Removed> remove(ConfigKey key, ConfigWrite.Source source, long atMillis);

    /** Every configuration's digest, for the listeners' index and a node's catch-up. */
    List<Digest> digests();

    /**
     * The changes after {@code revision}, oldest first, at most {@code limit}: each configuration's md5 after the
     * change ({@link io.jacos.model.ConfigEntry#NO_MD5} for a removal) with the change's revision.
     */
    List<Digest> changesAfter(long revision, int limit);

    /** The revision of the newest change of any configuration; 0 when there was none. */
    long lastRevision();
}
