package io.jacos.infrastructure.persistence;

import java.io.Serializable;
import java.util.Objects;

/** Primary key of a {@link ServiceRow}: the three parts of a service key. */
public class ServiceKeyColumns implements Serializable {

    private static final long serialVersionUID = 1L;

    String namespace;
    String groupName;
    String serviceName;

    /** For the JPA provider. */
    public ServiceKeyColumns() {
    }

    ServiceKeyColumns(String namespace, String group, String service) {
        this.namespace = namespace;
        this.groupName = group;
        this.serviceName = service;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServiceKeyColumns k && Objects.equals(namespace, k.namespace)
                && Objects.equals(groupName, k.groupName) && Objects.equals(serviceName, k.serviceName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(namespace, groupName, serviceName);
    }
}
