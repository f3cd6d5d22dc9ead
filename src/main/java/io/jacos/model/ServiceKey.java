package io.jacos.model;

import java.util.Objects;

/**
 * Identity of a service: namespace, group and bare service name. Names are checked by the application layer
 * against the Nacos limits before a key is built; the constructor only guards the invariants the registry
 * itself relies on (no blanks, no {@code @@} inside a part, so the grouped form stays unambiguous).
 */
public record ServiceKey(String namespace, String group, String name) {

    public static final String GROUP_SEPARATOR = "@@";

    public ServiceKey {
        requirePart(namespace, "namespace");
        requirePart(group, "group");
        requirePart(name, "service name");
    }

    private static void requirePart(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank() || value.contains(GROUP_SEPARATOR)) {
            throw new IllegalArgumentException("illegal " + what + ": '" + value + "'");
        }
    }

    /** The {@code group@@service} form that Nacos uses in instance results, v1 HTTP and UDP pushes. */
    public String groupedName() {
        return group + GROUP_SEPARATOR + name;
    }

    @Override
    public String toString() {
        return namespace + "##" + groupedName();
    }
}
