package io.jacos.application.internal;

import io.jacos.application.NamingStore;
import io.jacos.registry.Registry;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;

import java.util.logging.Logger;

/**
 * Puts what the database holds back into the indexes while the application starts, so nothing is served (the
 * deployment is not complete, and the boot sequence starts the gRPC server after this) before every stored service, cluster and
 * persistent instance is shown again. A database that can't be read fails the deployment.
 */
@Singleton
@TransactionManagement(TransactionManagementType.BEAN)
public class StoredNamingLoader {

    private static final Logger LOG = Logger.getLogger(StoredNamingLoader.class.getName());

    private final NamingStore store;
    private final Registry registry;
    private final InstanceClusterCatalog clusters;
    private final DefaultPersistentInstanceService persistent;
    private final DefaultNamespaceService namespaces;

    /** For the EJB container. */
    public StoredNamingLoader() {
        this(null, null, null, null, null);
    }

    @Inject
    public StoredNamingLoader(NamingStore store, Registry registry, InstanceClusterCatalog clusters,
                              DefaultPersistentInstanceService persistent, DefaultNamespaceService namespaces) {
        this.store = store;
        this.registry = registry;
        this.clusters = clusters;
        this.persistent = persistent;
        this.namespaces = namespaces;
    }

    public void load() {
        NamingStore.StoredNaming stored = store.load();
        namespaces.restore(stored.namespaces());
        stored.services().forEach(registry::declareService);
        stored.clusters().forEach((service, list) -> list.forEach(cluster -> clusters.put(service, cluster)));
        int[] count = {0};
        stored.instances().forEach((service, list) -> list.forEach(instance -> {
            persistent.restore(service, instance);
            count[0]++;
        }));
        LOG.info(() -> "Loaded " + stored.namespaces().size() + " namespaces, " + stored.services().size()
                + " service settings, " + count[0]
                + " persistent instances from the database");
    }
}
