package io.jacos.auth;

import io.jacos.model.Namespace;

/**
 * What one request acts on, as a grant narrower than a namespace is matched against it: namespace, group, type
 * ({@link #CONFIG} or {@link #NAMING}) and name (a data id or a service name). A blank group or name is {@code *},
 * literally, as Nacos builds the resource of a list or search: only a grant whose group (name) is {@code *}
 * covers it, so a narrower grant never lets a caller list names outside it.
 */
public record Resource(String namespaceId, String group, String type, String name) {

    public static final String CONFIG = "config";
    public static final String NAMING = "naming";
    /** A blank group or name: the request is about every one of them. */
    public static final String ANY = "*";

    public Resource {
        namespaceId = namespaceId == null || namespaceId.isBlank() ? Namespace.PUBLIC : namespaceId;
        group = group == null || group.isBlank() ? ANY : group;
        name = name == null || name.isBlank() ? ANY : name;
    }

    public static Resource config(String namespaceId, String group, String dataId) {
        return new Resource(namespaceId, group, CONFIG, dataId);
    }

    public static Resource naming(String namespaceId, String group, String serviceName) {
        return new Resource(namespaceId, group, NAMING, serviceName);
    }
}
