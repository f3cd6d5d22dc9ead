package io.jacos.persistence;

import io.jacos.cluster.ClusterMembers;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;

import java.util.Optional;
import java.util.logging.Logger;

/**
 * Opens the naming store while the application deploys (a step of the boot sequence), so a database that cannot be reached or migrated
 * fails the deployment with its reason, instead of the first write that needs it. The store closes itself
 * with the application ({@code @PreDestroy} of {@link JpaNamingStore}). A cluster whose nodes each use the
 * embedded H2 starts with a warning: its persistent data is per node.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
// No container transaction around the start: the store runs its own resource-local ones, and a JNDI datasource
// must not be enlisted in a JTA transaction while Flyway commits.
@TransactionManagement(TransactionManagementType.BEAN)
public class StorageStartup {

    private static final Logger LOG = Logger.getLogger(StorageStartup.class.getName());

    @Inject
    JpaNamingStore store;
    @Inject
    StorageSettings settings;
    @Inject
    ClusterMembers members;

    public void open() {
        perNodeWarning(settings.read(), members.clusterMode()).ifPresent(LOG::warning);
        // Any call makes CDI create the bean, which opens the storage.
        store.readyDatabase();
    }

    /**
     * Not a refusal: most gRPC clients register ephemeral instances only, which replication shares anyway. But
     * persistent instances, service and cluster settings and namespaces written on one node are not seen by the
     * others, which an operator must know.
     */
    static Optional<String> perNodeWarning(StorageConfig config, boolean clusterMode) {
        if (!clusterMode || config.kind() != StorageConfig.Kind.H2) {
            return Optional.empty();
        }
        return Optional.of("Cluster mode with the embedded H2 database (" + config.describe() + "): persistent "
                + "instances, service and cluster settings and namespaces are kept per node, and a change made "
                + "through one node is not seen by the others. For a shared database set on every node "
                + "spring.sql.init.platform=postgresql with db.url.0, db.user.0 and db.password.0, "
                + "or jacos.db.jndi-name=<a datasource of the application server>.");
    }
}
