package io.jacos.application;

import java.util.List;

/**
 * Namespaces as the console manages them. {@code public} always exists; others are created here. Clients name
 * their namespace in their own configuration, so the naming APIs (HTTP and gRPC, as with Nacos) take any
 * well-formed id: a namespace nobody created holds services all the same, it is just not listed here.
 */
public interface NamespaceService {

    List<NamespaceInfo> list();

    /** 404 when unknown. */
    NamespaceInfo get(String namespaceId);

    /** Creates a namespace; a blank id gets a generated one. Returns the id. 400 when the id is taken or bad. */
    String create(String namespaceId, String name, String description);

    /** 404 when unknown. */
    void update(String namespaceId, String name, String description);

    /** Deletes an empty namespace: 400 for {@code public} or while it holds services, 404 when unknown. */
    void delete(String namespaceId);

    /** 400 ("namespace ... does not exist") unless the namespace exists; blank means {@code public}. */
    void requireExists(String namespaceId);

    /** A namespace with how many services and instances it holds. */
    record NamespaceInfo(String id, String name, String description, int serviceCount, int instanceCount) {
    }
}
