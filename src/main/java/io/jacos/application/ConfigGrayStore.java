package io.jacos.application;

import io.jacos.model.ConfigGray;
import io.jacos.model.ConfigKey;
import io.jacos.model.GrayRule;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where gray versions of configurations live, in the same database as the formal ones and never in their rows:
 * a gray write changes only its gray version and records the change in the configuration history (publish type
 * {@code gray}), so its revision orders it among every other change.
 */
public interface ConfigGrayStore {

    /** What a gray publish did. */
    enum Outcome { CREATED, UPDATED, CAS_MISMATCH, TOO_MANY }

    /** A gray publish as the store takes it, already validated; {@code casMd5} null for a plain publish. */
    record GrayWrite(ConfigKey key, GrayRule rule, String content, String type, String encryptedDataKey,
                     String appName, String casMd5, ConfigWrite.Source source, long atMillis) {
        public GrayWrite {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(rule, "rule");
            Objects.requireNonNull(content, "content");
            Objects.requireNonNull(source, "source");
        }
    }

    /** The outcome and the gray version as it is now (unchanged on a CAS mismatch; null when there were too many). */
    record Published(Outcome outcome, ConfigGray gray) {
    }

    /** A gray version's rule and md5, without its content: what listeners compare. */
    record GrayDigest(ConfigKey key, GrayRule rule, String md5, long revision) {
    }

    Optional<ConfigGray> find(ConfigKey key, String grayName);

    /** The configuration's gray versions. */
    List<GrayDigest> digestsOf(ConfigKey key);

    /** Every gray version of every configuration. */
    List<GrayDigest> digests();

    /**
     * Creates or replaces the gray version the write's rule names. A new one is created only while the
     * configuration has fewer than {@code maxPerConfig} ({@link Outcome#TOO_MANY} otherwise, nothing written).
     */
    Published publish(GrayWrite write, int maxPerConfig);

    /** Removes the gray version; the revision of its removal, or empty when there was none. */
    Optional<Long> remove(ConfigKey key, String grayName, ConfigWrite.Source source, long atMillis);
}
