package io.jacos.replication;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready while a peer's full snapshot is missing: a joining node must not answer with partial data. */
@Readiness
@ApplicationScoped
public class ClusterSyncReadiness implements HealthCheck {

    private final ReplicationStatus status;

    /** For the container's proxy. */
    protected ClusterSyncReadiness() {
        this(null);
    }

    @Inject
    public ClusterSyncReadiness(ReplicationStatus status) {
        this.status = status;
    }

    @Override
    public HealthCheckResponse call() {
        if (status.synced()) {
            return HealthCheckResponse.named("cluster-sync").up().build();
        }
        return HealthCheckResponse.named("cluster-sync").down()
                .withData("waitingFor", String.join(",", status.unsynced().stream().map(Object::toString).toList()))
                .build();
    }
}
