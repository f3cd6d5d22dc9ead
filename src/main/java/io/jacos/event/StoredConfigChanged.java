package io.jacos.event;

import io.jacos.model.ConfigKey;

import java.util.Objects;

/**
 * This node committed a write of the configuration to the shared store. Peers read the changes committed since
 * their last look at once, rather than at their next periodic one.
 */
public record StoredConfigChanged(ConfigKey key) {

    public StoredConfigChanged {
        Objects.requireNonNull(key, "key");
    }
}
