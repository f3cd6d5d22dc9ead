package io.jacos.application.internal;

import io.jacos.application.NamingStore;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A {@link NamingStore} in memory for unit tests, which can be told to refuse the next write. */
class MemoryNamingStore implements NamingStore {

    final Map<String, Namespace> namespaces = new LinkedHashMap<>();
    final Map<ServiceKey, ServiceMeta> services = new LinkedHashMap<>();
    final Map<ServiceKey, Map<String, InstanceClusterSettings>> clusters = new LinkedHashMap<>();
    final Map<ServiceKey, Map<String, Instance>> instances = new LinkedHashMap<>();
    boolean refuseWrites;

    @Override
    public synchronized StoredNaming load() {
        Map<ServiceKey, List<InstanceClusterSettings>> clusterLists = new LinkedHashMap<>();
        clusters.forEach((k, v) -> clusterLists.put(k, new ArrayList<>(v.values())));
        Map<ServiceKey, List<Instance>> instanceLists = new LinkedHashMap<>();
        instances.forEach((k, v) -> instanceLists.put(k, new ArrayList<>(v.values())));
        return new StoredNaming(List.copyOf(namespaces.values()), Map.copyOf(services), clusterLists, instanceLists);
    }

    @Override
    public synchronized StoredService loadService(ServiceKey service) {
        return new StoredService(Optional.ofNullable(services.get(service)),
                List.copyOf(clusters.getOrDefault(service, Map.of()).values()),
                List.copyOf(instances.getOrDefault(service, Map.of()).values()));
    }

    @Override
    public synchronized List<Namespace> loadNamespaces() {
        return List.copyOf(namespaces.values());
    }

    @Override
    public synchronized void saveNamespace(Namespace namespace) {
        write();
        namespaces.put(namespace.id(), namespace);
    }

    @Override
    public synchronized void deleteNamespace(String namespaceId) {
        write();
        namespaces.remove(namespaceId);
    }

    @Override
    public synchronized void saveService(ServiceKey service, ServiceMeta meta) {
        write();
        services.put(service, meta);
    }

    @Override
    public synchronized void deleteService(ServiceKey service) {
        write();
        services.remove(service);
        clusters.remove(service);
    }

    @Override
    public synchronized void saveCluster(ServiceKey service, InstanceClusterSettings cluster) {
        write();
        clusters.computeIfAbsent(service, k -> new LinkedHashMap<>()).put(cluster.name(), cluster);
    }

    @Override
    public synchronized void saveInstance(ServiceKey service, Instance instance) {
        write();
        instances.computeIfAbsent(service, k -> new LinkedHashMap<>()).put(instance.address(), instance);
    }

    @Override
    public synchronized boolean deleteInstance(ServiceKey service, String ip, int port) {
        write();
        Map<String, Instance> stored = instances.get(service);
        return stored != null && stored.remove(ip + ':' + port) != null;
    }

    synchronized Instance stored(ServiceKey service, String ip, int port) {
        return instances.getOrDefault(service, Map.of()).get(ip + ':' + port);
    }

    private void write() {
        if (refuseWrites) {
            throw new RegistryException(RegistryException.SERVER_ERROR, "database down");
        }
    }
}
