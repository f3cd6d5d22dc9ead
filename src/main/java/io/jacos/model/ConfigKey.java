package io.jacos.model;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Which configuration: its namespace, group and data id. The namespace is always an id; the default one is
 * {@link Namespace#PUBLIC}, however a client spells it ({@code ""} from a 1.x/2.x client, {@code "public"} from
 * a 3.x one, {@code "null"} from some tools): see {@link #namespaceOf}.
 */
public record ConfigKey(String namespace, String group, String dataId) {

    public ConfigKey {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(dataId, "dataId");
    }

    /** Names no namespace: only a grant on every namespace covers a request about configurations in several. */
    public static final String SEVERAL_NAMESPACES = " several namespaces";

    /** The one namespace the tenants name, {@link #SEVERAL_NAMESPACES}, or the default for none. */
    public static String namespaceOfAll(Collection<String> tenants) {
        List<String> namespaces = tenants.stream().map(ConfigKey::namespaceOf).distinct().toList();
        if (namespaces.size() > 1) {
            return SEVERAL_NAMESPACES;
        }
        return namespaces.isEmpty() ? namespaceOf(null) : namespaces.get(0);
    }

    /** The key a client names with {@code tenant}, {@code group} and {@code dataId} as it sent them. */
    public static ConfigKey of(String tenant, String group, String dataId) {
        return new ConfigKey(namespaceOf(tenant), group, dataId);
    }

    /** The namespace id a client's {@code tenant} names: blank, "public" and "null" all name the default. */
    public static String namespaceOf(String tenant) {
        if (tenant == null || tenant.isBlank()) {
            return Namespace.PUBLIC;
        }
        String lower = tenant.trim().toLowerCase(Locale.ROOT);
        return lower.equals(Namespace.PUBLIC) || lower.equals("null") ? Namespace.PUBLIC : tenant.trim();
    }
}
