package io.jacos.application;

import io.jacos.model.ConfigKey;

import java.util.List;

/**
 * The configurations the console picks by row id (as the searches answer them), and their removal together. Each
 * removal is the one {@link ConfigService#remove} makes, with its history row and its listeners told.
 */
public interface ConfigBatch {

    /** More ids than one request may name: the console pages by at most a few hundred. */
    int MAX_IDS = 1_000;

    /**
     * The keys of the configurations still stored under these ids, in the order given; ids of none are left out.
     * @throws io.jacos.model.RegistryException 400 for more than {@link #MAX_IDS} ids
     */
    List<ConfigKey> keysOf(List<Long> ids);

    /** Removes each; how many were there to remove. */
    int removeAll(List<ConfigKey> keys, ConfigWrite.Source source);
}
