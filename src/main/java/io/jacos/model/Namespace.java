package io.jacos.model;

import java.util.Objects;

/** A namespace as the console created it: its id (what clients put in {@code namespaceId}), name and description. */
public record Namespace(String id, String name, String description) {

    public static final String PUBLIC = "public";

    public Namespace {
        Objects.requireNonNull(id, "id");
        name = name == null ? id : name;
        description = description == null ? "" : description;
    }
}
