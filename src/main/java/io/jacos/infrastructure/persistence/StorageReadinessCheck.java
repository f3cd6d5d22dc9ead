package io.jacos.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when the naming store is open and its database answers; it names the database, never a password. */
@Readiness
@ApplicationScoped
public class StorageReadinessCheck implements HealthCheck {

    @Inject
    JpaNamingStore store;

    @Override
    public HealthCheckResponse call() {
        String database;
        try {
            database = store.readyDatabase();
        } catch (RuntimeException e) {
            return HealthCheckResponse.named("naming-store").down().withData("error", String.valueOf(e.getMessage()))
                    .build();
        }
        return database == null ? HealthCheckResponse.named("naming-store").down().build()
                : HealthCheckResponse.named("naming-store").up().withData("database", database).build();
    }
}
