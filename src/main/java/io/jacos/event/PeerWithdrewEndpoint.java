package io.jacos.event;

import java.util.Objects;

/** A peer (its address) says an application deregistered {@code address} through it. */
public record PeerWithdrewEndpoint(String peer, EndpointWithdrawn address) {

    public PeerWithdrewEndpoint {
        Objects.requireNonNull(peer, "peer");
        Objects.requireNonNull(address, "address");
    }
}
