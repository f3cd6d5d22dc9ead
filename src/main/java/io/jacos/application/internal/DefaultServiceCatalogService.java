package io.jacos.application.internal;

import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceRef;
import io.jacos.application.NamingStore;
import io.jacos.application.ServiceSettings;
import io.jacos.application.internal.StoredWrites.Write;
import io.jacos.event.StoredServiceChanged;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Services' settings: stored, then shown, through {@link StoredWrites}, which fires {@link StoredServiceChanged}
 * for peers after each committed write.
 */
@ApplicationScoped
public class DefaultServiceCatalogService implements ServiceCatalogService {

    private Registry registry;
    private RegistryReader reader;
    private InputNormalizer inputs;
    private NamingStore store;
    private InstanceClusterCatalog clusters;
    private StoredWrites writes;

    /** For the container's proxy. */
    protected DefaultServiceCatalogService() {
    }

    @Inject
    public DefaultServiceCatalogService(Registry registry, RegistryReader reader, InputNormalizer inputs,
                                        NamingStore store, InstanceClusterCatalog clusters, StoredWrites writes) {
        this.registry = registry;
        this.reader = reader;
        this.inputs = inputs;
        this.store = store;
        this.clusters = clusters;
        this.writes = writes;
    }

    @Override
    public void create(ServiceRef service, ServiceSettings settings) {
        ServiceKey key = inputs.service(service);
        ServiceMeta meta = inputs.meta(service, settings);
        writes.run(key, () -> {
            if (reader.serviceMeta(key).isPresent()) {
                throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.SERVICE_EXISTS,
                        "Service " + key.groupedName() + " already exists.");
            }
            return declare(key, meta);
        });
    }

    @Override
    public void update(ServiceRef service, ServiceSettings settings) {
        ServiceKey key = inputs.service(service);
        ServiceMeta meta = inputs.meta(service, settings);
        writes.run(key, () -> {
            requireExists(key);
            return declare(key, meta);
        });
    }

    @Override
    public void delete(ServiceRef service) {
        ServiceKey key = inputs.service(service);
        writes.run(key, () -> {
            ServiceMeta meta = requireExists(key);
            if (!reader.view(key).instances().isEmpty()) {
                throw notEmpty(key);
            }
            return Write.of(() -> store.deleteService(key), () -> {
                if (!registry.deleteService(key)) {
                    throw RegistryException.serviceNotFound(key);
                }
                clusters.forget(key);
            }, () -> {
                // An ephemeral instance arrived after the check: the service stays, and so do its settings.
                if (meta.declared()) {
                    store.saveService(key, meta);
                }
            });
        });
    }

    /** Stored first: a service an operator declared is there again after a restart. */
    private Write declare(ServiceKey key, ServiceMeta meta) {
        return Write.of(() -> store.saveService(key, meta), () -> registry.declareService(key, meta));
    }

    @Override
    public ServiceDetail detail(ServiceRef service) {
        ServiceKey key = inputs.service(service);
        ServiceMeta meta = requireExists(key);
        ServiceView view = reader.view(key);
        List<Instance> instances = view.instances();
        Map<String, InstanceClusterSettings> set = clusters.ofService(key);
        Set<String> names = new TreeSet<>(reader.clustersOf(key));
        names.addAll(set.keySet());
        List<InstanceClusterSettings> clusterList = names.stream()
                .map(name -> set.getOrDefault(name, InstanceClusterSettings.defaults(name))).toList();
        return new ServiceDetail(key, meta, view.ephemeral(), clusterList, instances.size(),
                (int) instances.stream().filter(Instance::healthy).count());
    }

    @Override
    public ServiceKey key(ServiceRef service) {
        return inputs.service(service);
    }

    @Override
    public List<ServiceView> search(String namespace, String groupPart, String namePart) {
        String id = inputs.listing(namespace, null, 1, 1).namespace();
        String group = groupPart == null ? "" : groupPart;
        String name = namePart == null ? "" : namePart;
        return reader.servicesIn(id).stream()
                .filter(view -> view.key().group().contains(group) && view.key().name().contains(name))
                .sorted(Comparator.comparing((ServiceView view) -> view.key().group())
                        .thenComparing(view -> view.key().name()))
                .toList();
    }

    private ServiceMeta requireExists(ServiceKey key) {
        return reader.serviceMeta(key).orElseThrow(() -> RegistryException.serviceNotFound(key));
    }

    private static RegistryException notEmpty(ServiceKey key) {
        return new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.SERVICE_NOT_EMPTY,
                "Service " + key.groupedName() + " is not empty, can't be deleted. Please deregister its instances first.");
    }

}
