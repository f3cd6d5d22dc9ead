package io.jacos.persistence;

import java.io.Serializable;
import java.util.Objects;

/**
 * Primary key of a {@link ServiceRow}: the three parts of a service key. The keys of the other rows extend it
 * with their own columns, as their entities extend {@link ServiceScopedRow}.
 */
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
        return o != null && o.getClass() == getClass() && Objects.equals(namespace, ((ServiceKeyColumns) o).namespace)
                && Objects.equals(groupName, ((ServiceKeyColumns) o).groupName)
                && Objects.equals(serviceName, ((ServiceKeyColumns) o).serviceName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(namespace, groupName, serviceName);
    }
}
