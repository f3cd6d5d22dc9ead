package io.jacos.model;

import java.util.Objects;

/** Identity of a registry client: a gRPC connection id, or an {@code ip:port#ephemeral} id for HTTP clients. */
public record ClientId(String value) {

    public ClientId {
        Objects.requireNonNull(value, "client id");
        if (value.isBlank()) {
            throw new IllegalArgumentException("blank client id");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
