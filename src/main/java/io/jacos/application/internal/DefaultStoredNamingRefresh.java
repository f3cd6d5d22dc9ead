package io.jacos.application.internal;

import io.jacos.application.NamingStore.StoredService;
import io.jacos.application.NamingStore;
import io.jacos.application.StoredNamingRefresh;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Reconciles the indexes with the shared store, one service or the namespaces at a time. The store is read
 * under the service's lock, the one this node's own writes take, so a local write is never overwritten by
 * what was read before it. Only what differs is touched: an equal setting is not declared again and an equal
 * instance not published again, so subscribers are pushed only what changed.
 */
@ApplicationScoped
public class DefaultStoredNamingRefresh implements StoredNamingRefresh {

    private static final Logger LOG = Logger.getLogger(DefaultStoredNamingRefresh.class.getName());

    private final NamingStore store;
    private final Registry registry;
    private final RegistryReader reader;
    private final InstanceClusterCatalog clusters;
    private final DefaultPersistentInstanceService persistent;
    private final DefaultNamespaceService namespaces;
    private final ServiceLocks locks;

    /** For the container's proxy. */
    protected DefaultStoredNamingRefresh() {
        this(null, null, null, null, null, null, null);
    }

    @Inject
    public DefaultStoredNamingRefresh(NamingStore store, Registry registry, RegistryReader reader,
                                      InstanceClusterCatalog clusters, DefaultPersistentInstanceService persistent,
                                      DefaultNamespaceService namespaces, ServiceLocks locks) {
        this.store = store;
        this.registry = registry;
        this.reader = reader;
        this.clusters = clusters;
        this.persistent = persistent;
        this.namespaces = namespaces;
        this.locks = locks;
    }

    @Override
    public void refreshService(ServiceKey service) {
        synchronized (locks.of(service)) {
            StoredService stored = store.loadService(service);
            Optional<ServiceMeta> shown = reader.serviceMeta(service);
            stored.settings().filter(meta -> !shown.equals(Optional.of(meta)))
                    .ifPresent(meta -> registry.declareService(service, meta));
            clusters.replace(service, stored.clusters());
            reconcileInstances(service, stored);
            if (stored.settings().isEmpty() && shown.map(ServiceMeta::declared).orElse(false)) {
                deleteService(service);
            }
        }
    }

    @Override
    public void refreshNamespaces() {
        namespaces.reconcile(store.loadNamespaces());
    }

    @Override
    public void refreshAll() {
        refreshNamespaces();
        NamingStore.StoredNaming stored = store.load();
        Set<ServiceKey> services = new HashSet<>(stored.services().keySet());
        services.addAll(stored.instances().keySet());
        for (ClientView client : reader.clientsOf(ClientKind.PERSISTENT)) {
            services.addAll(client.published().keySet());
        }
        services.forEach(this::refreshService);
    }

    private void reconcileInstances(ServiceKey service, StoredService stored) {
        Map<String, Instance> wanted = new LinkedHashMap<>();
        stored.instances().forEach(instance -> wanted.put(instance.address(), instance));
        for (Instance shown : reader.view(service).instances()) {
            if (!shown.ephemeral() && !wanted.containsKey(shown.address())) {
                persistent.withdraw(clientOf(shown), service, DefaultPersistentInstanceService.FROM_STORE);
            }
        }
        for (Instance instance : wanted.values()) {
            Optional<Instance> shown = reader.client(clientOf(instance)).flatMap(client -> client.published(service))
                    .flatMap(list -> list.stream().findFirst());
            if (shown.isPresent() && shown.get().equals(instance)) {
                continue;
            }
            try {
                persistent.restore(service, instance);
            } catch (RegistryException e) {
                // Ephemeral instances hold the service here (a kind clash a peer's copy raced in): shown after it empties.
                LOG.warning(() -> "Stored instance " + instance.address() + " of " + service.groupedName()
                        + " not shown: " + e.getMessage());
            }
        }
    }

    /** A peer deleted the service's settings: the service goes too, unless instances arrived here meanwhile. */
    private void deleteService(ServiceKey service) {
        try {
            registry.deleteService(service);
            clusters.forget(service);
        } catch (RegistryException e) {
            LOG.info(() -> "Service " + service.groupedName() + " was deleted on a peer but holds instances here; kept");
        }
    }

    private static ClientId clientOf(Instance instance) {
        return ClientId.ofIpPort(instance.ip(), instance.port(), false);
    }
}
