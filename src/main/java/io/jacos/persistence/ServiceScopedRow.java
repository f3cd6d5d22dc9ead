package io.jacos.persistence;

import io.jacos.model.ServiceKey;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/**
 * The service key columns every row starts its primary key with, mapped once here. A mapped superclass with
 * plain {@code @Id} fields is read alike by EclipseLink and Hibernate; each entity names its own id class.
 */
@MappedSuperclass
public abstract class ServiceScopedRow {

    @Id
    @Column(name = "namespace_id")
    String namespace;
    @Id
    @Column(name = "group_name")
    String groupName;
    @Id
    @Column(name = "service_name")
    String serviceName;

    void scope(ServiceKey service) {
        namespace = service.namespace();
        groupName = service.group();
        serviceName = service.name();
    }

    ServiceKey serviceKey() {
        return new ServiceKey(namespace, groupName, serviceName);
    }
}
