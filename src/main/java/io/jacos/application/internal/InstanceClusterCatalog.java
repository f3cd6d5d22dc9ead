package io.jacos.application.internal;

import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The clusters' settings in memory, as stored: only clusters an operator set are here. It grows only through
 * the cluster API (an operator's call), the load at start and a peer's stored change, and loses a service's
 * entries with the service.
 */
@ApplicationScoped
public class InstanceClusterCatalog {

    private final Map<ServiceKey, Map<String, InstanceClusterSettings>> settings = new ConcurrentHashMap<>();

    /** The cluster's settings, or the defaults (TCP on the instance's port) when nobody set them. */
    public InstanceClusterSettings of(ServiceKey service, String cluster) {
        Map<String, InstanceClusterSettings> clusters = settings.get(service);
        InstanceClusterSettings found = clusters == null ? null : clusters.get(cluster);
        return found != null ? found : InstanceClusterSettings.defaults(cluster);
    }

    public Map<String, InstanceClusterSettings> ofService(ServiceKey service) {
        return Map.copyOf(settings.getOrDefault(service, Map.of()));
    }

    void put(ServiceKey service, InstanceClusterSettings cluster) {
        settings.computeIfAbsent(service, k -> new ConcurrentHashMap<>()).put(cluster.name(), cluster);
    }

    /** Keeps exactly these settings for the service (as a peer stored them); false when they were so already. */
    boolean replace(ServiceKey service, List<InstanceClusterSettings> stored) {
        Map<String, InstanceClusterSettings> wanted = new ConcurrentHashMap<>();
        stored.forEach(cluster -> wanted.put(cluster.name(), cluster));
        if (wanted.equals(settings.getOrDefault(service, Map.of()))) {
            return false;
        }
        if (wanted.isEmpty()) {
            settings.remove(service);
        } else {
            settings.put(service, wanted);
        }
        return true;
    }

    void forget(ServiceKey service) {
        settings.remove(service);
    }
}
