package io.jacos.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ready when the naming store is open and its database answers. Anyone may read the answer, so it names the
 * database product only; where the database is, and why it failed, go to the log.
 */
@Readiness
@ApplicationScoped
public class StorageReadinessCheck implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(StorageReadinessCheck.class.getName());

    private JpaNamingStore store;

    /** For the container's proxy. */
    protected StorageReadinessCheck() {
    }

    @Inject
    public StorageReadinessCheck(JpaNamingStore store) {
        this.store = store;
    }

    @Override
    public HealthCheckResponse call() {
        String database;
        try {
            database = store.readyDatabase();
        } catch (RuntimeException e) {
            // A probe that arrives while the application is still deploying fails the same way, on every poll:
            // the reason belongs in the log, the stack trace only at FINE.
            LOG.log(Level.WARNING, "The naming store''s database does not answer: {0}", rootCause(e));
            LOG.log(Level.FINE, "Naming store readiness failure", e);
            return HealthCheckResponse.named("naming-store").down()
                    .withData("error", "the database does not answer; see the server log").build();
        }
        return database == null ? HealthCheckResponse.named("naming-store").down().build()
                : HealthCheckResponse.named("naming-store").up().withData("database", database).build();
    }

    private static String rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.toString();
    }
}
