package io.jacos.event;

import java.util.Objects;

/** A peer (its address) says it committed configuration changes to the shared store: read them now. */
public record PeerStoredConfigs(String peer) {

    public PeerStoredConfigs {
        Objects.requireNonNull(peer, "peer");
    }
}
