package io.jacos.application;

import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The durable part of the naming data: namespaces, services' operator settings, clusters' settings and
 * persistent instances. Every write is committed when the method returns (the caller then shows it in the indexes) and
 * throws {@link io.jacos.model.RegistryException} (500) when the database refuses it, having changed nothing.
 */
public interface NamingStore {

    /** Everything stored, read once when the server starts. */
    StoredNaming load();

    /**
     * What is stored of one service now: its settings (empty when none are stored), its clusters' settings and
     * its persistent instances. Read when a peer says it changed the service.
     */
    StoredService loadService(ServiceKey service);

    /** The namespaces the console created, as stored now ({@code public} is never stored). */
    List<Namespace> loadNamespaces();

    /** Creates or replaces a namespace the console created (never {@code public}, which always exists). */
    void saveNamespace(Namespace namespace);

    /**
     * Removes a namespace and, in the same transaction, every access grant made in it, so a namespace created later
     * with the same id starts with none; its services are gone already.
     */
    void deleteNamespace(String namespaceId);

    /** Creates or replaces the settings of a declared service. */
    void saveService(ServiceKey service, ServiceMeta meta);

    /** Removes the service's settings and its clusters' settings; its instances are gone already. */
    void deleteService(ServiceKey service);

    /** Creates or replaces the settings of one cluster of the service. */
    void saveCluster(ServiceKey service, InstanceClusterSettings cluster);

    /** Creates or replaces the persistent instance at (service, ip, port), the key Nacos uses too. */
    void saveInstance(ServiceKey service, Instance instance);

    /** Removes the persistent instance at (service, ip, port); false when there was none. */
    boolean deleteInstance(ServiceKey service, String ip, int port);

    /** What {@link #load()} returns. Services with stored instances but no settings are absent from {@code services}. */
    record StoredNaming(List<Namespace> namespaces, Map<ServiceKey, ServiceMeta> services, Map<ServiceKey, List<InstanceClusterSettings>> clusters,
                        Map<ServiceKey, List<Instance>> instances) {
    }

    /** What {@link #loadService} returns; all empty for a service nothing is stored of. */
    record StoredService(Optional<ServiceMeta> settings, List<InstanceClusterSettings> clusters, List<Instance> instances) {
        public StoredService {
            settings = settings == null ? Optional.empty() : settings;
            clusters = List.copyOf(clusters);
            instances = List.copyOf(instances);
        }
    }
}
