package io.jacos.model;

import java.util.Objects;
import java.util.Optional;

/** Identity of a registry client: a gRPC connection id, or an {@code ip:port#ephemeral} id for HTTP clients. */
public record ClientId(String value) {

    public ClientId {
        Objects.requireNonNull(value, "client id");
        if (value.isBlank()) {
            throw new IllegalArgumentException("blank client id");
        }
    }

    /** The client of a 1.x instance or UDP subscriber: {@code ip:port#ephemeral}, as Nacos names it. */
    public static ClientId ofIpPort(String ip, int port, boolean ephemeral) {
        return new ClientId(ip + ':' + port + '#' + ephemeral);
    }

    /** The ip and port of an {@link #ofIpPort} id; empty for other clients. */
    public Optional<IpPort> ipPort() {
        int hash = value.lastIndexOf('#');
        int colon = hash < 0 ? -1 : value.lastIndexOf(':', hash);
        if (colon <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new IpPort(value.substring(0, colon), Integer.parseInt(value.substring(colon + 1, hash))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public record IpPort(String ip, int port) {
    }

    @Override
    public String toString() {
        return value;
    }
}
