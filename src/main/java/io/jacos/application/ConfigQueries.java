package io.jacos.application;

import io.jacos.model.ConfigKey;

import java.util.List;
import java.util.Optional;

/**
 * What the open API and the console ask about configurations besides their content: details, searches and the
 * change history. Input is validated as {@link ConfigService} validates it; a page size is cut to
 * {@link #MAX_PAGE_SIZE}. A history entry asked for under another configuration's name is not found, so a grant
 * on one namespace never reads another's history.
 */
public interface ConfigQueries {

    int MAX_PAGE_SIZE = 500;

    Optional<ConfigCatalog.Detail> detail(ConfigRef ref);

    /**
     * One page of a longer list and how long the list is. Its items may be read from the store as they are
     * iterated ({@link ChunkedRows}), so an answer is written out while they are, never collected first.
     */
    record Listing<T>(long total, Iterable<T> items) {
    }

    /** A page of configurations with their content, read a few megabytes at a time as it is iterated. */
    Listing<ConfigCatalog.Detail> search(ConfigSearch search, int pageNo, int pageSize);

    /** A page of a configuration's changes, newest first, without their content ({@link #change} has it). */
    Listing<ConfigCatalog.Change> history(ConfigRef ref, int pageNo, int pageSize);

    /** The change {@code nid}, when it is a change of {@code ref}'s configuration. */
    Optional<ConfigCatalog.Change> change(ConfigRef ref, long nid);

    /**
     * The newest change of the configuration row {@code configId} (what it held before its last change), when
     * that row is {@code ref}'s configuration.
     */
    Optional<ConfigCatalog.Change> previous(ConfigRef ref, long configId);

    /** The configurations of the namespace {@code tenant} names, by group and data id; at most 10,000. */
    List<ConfigKey> keysIn(String tenant);
}
