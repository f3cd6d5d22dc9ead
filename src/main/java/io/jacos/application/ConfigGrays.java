package io.jacos.application;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigGray;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;

import java.util.Optional;

/**
 * Gray releases of configurations, as Nacos 2.5.1 serves them: a beta for listed client IPs or a tag for clients
 * that ask with it, each a version beside the formal one that a publish or removal of the gray version never
 * touches. At most {@link #MAX_PER_CONFIG} gray versions per configuration (Nacos's default); over it, code 400 and
 * nothing written. Input is validated as {@link ConfigService} validates it.
 */
public interface ConfigGrays {

    int MAX_PER_CONFIG = 10;

    /** What a reader is served: the entry, and the gray rule that chose it (null: the formal version). */
    record Served(ConfigEntry entry, GrayRule gray) {
    }

    /**
     * The version a client seen as {@code view} is served: its gray version when one matches, else the formal one.
     * A reader that asked with a tag itself ({@code tagAsked}; not a label of its connection) and matches no gray
     * version gets nothing, as Nacos answers it.
     */
    Optional<Served> read(ConfigRef ref, ConfigView view, boolean tagAsked);

    /** Creates or replaces the gray version {@code rule} names; CAS_MISMATCH leaves it as it was. */
    ConfigGrayStore.Published publish(ConfigPublish publish, GrayRule rule, ConfigWrite.Source source);

    /** Stops the gray version {@code grayName}; true when there was one. */
    boolean remove(ConfigRef ref, String grayName, ConfigWrite.Source source);

    Optional<ConfigGray> find(ConfigRef ref, String grayName);
}
