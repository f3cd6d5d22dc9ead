package io.jacos.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.util.Objects;

/** The settings of one cluster of a service, as one row; see {@link ServiceRow} for why it is this plain. */
@Entity(name = "InstanceClusterRow")
@Table(name = "naming_cluster")
@IdClass(InstanceClusterRow.Key.class)
public class InstanceClusterRow extends ServiceScopedRow {

    @Id
    @Column(name = "cluster_name")
    String cluster;
    @Column(name = "check_type")
    String checkType;
    @Column(name = "check_path")
    String checkPath;
    @Column(name = "check_headers")
    String checkHeaders;
    @Column(name = "expected_status")
    int expectedStatus;
    @Column(name = "check_interval_ms")
    long checkIntervalMillis;
    @Column(name = "check_timeout_ms")
    long checkTimeoutMillis;
    @Column(name = "unhealthy_threshold")
    int unhealthyThreshold;
    @Column(name = "healthy_threshold")
    int healthyThreshold;
    @Column(name = "check_port")
    int checkPort;
    @Column(name = "use_instance_port")
    boolean useInstancePort;
    @Column(name = "metadata")
    String metadata;

    /** For the JPA provider. */
    public InstanceClusterRow() {
    }

    /** Primary key: the service key plus the cluster name. */
    public static class Key extends ServiceKeyColumns {

        private static final long serialVersionUID = 1L;

        String cluster;

        /** For the JPA provider. */
        public Key() {
        }

        @Override
        public boolean equals(Object o) {
            return super.equals(o) && Objects.equals(cluster, ((Key) o).cluster);
        }

        @Override
        public int hashCode() {
            return 31 * super.hashCode() + Objects.hashCode(cluster);
        }
    }
}
