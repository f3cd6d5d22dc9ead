package io.jacos.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.util.Objects;

/**
 * A persistent instance, as one row keyed by (service, ip, port) as Nacos keys it; see {@link ServiceRow} for
 * why it is this plain.
 */
@Entity(name = "InstanceRow")
@Table(name = "naming_instance")
@IdClass(InstanceRow.Key.class)
public class InstanceRow extends ServiceScopedRow {

    @Id
    @Column(name = "ip")
    String ip;
    @Id
    @Column(name = "port")
    int port;
    @Column(name = "instance_id")
    String instanceId;
    @Column(name = "cluster_name")
    String cluster;
    @Column(name = "weight")
    double weight;
    @Column(name = "healthy")
    boolean healthy;
    @Column(name = "enabled")
    boolean enabled;
    @Column(name = "metadata")
    String metadata;

    /** For the JPA provider. */
    public InstanceRow() {
    }

    /** Primary key: the service key plus ip and port. */
    public static class Key extends ServiceKeyColumns {

        private static final long serialVersionUID = 1L;

        String ip;
        int port;

        /** For the JPA provider. */
        public Key() {
        }

        Key(ServiceKeyColumns service, String ip, int port) {
            super(service.namespace, service.groupName, service.serviceName);
            this.ip = ip;
            this.port = port;
        }

        @Override
        public boolean equals(Object o) {
            return super.equals(o) && port == ((Key) o).port && Objects.equals(ip, ((Key) o).ip);
        }

        @Override
        public int hashCode() {
            return 31 * super.hashCode() + Objects.hash(ip, port);
        }
    }
}
