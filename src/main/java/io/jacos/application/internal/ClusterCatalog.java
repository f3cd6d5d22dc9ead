package io.jacos.application.internal;

import io.jacos.model.ClusterSettings;
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
public class ClusterCatalog {

    private final Map<ServiceKey, Map<String, ClusterSettings>> settings = new ConcurrentHashMap<>();

    /** The cluster's settings, or the defaults (TCP on the instance's port) when nobody set them. */
    public ClusterSettings of(ServiceKey service, String cluster) {
        Map<String, ClusterSettings> clusters = settings.get(service);
        ClusterSettings found = clusters == null ? null : clusters.get(cluster);
        return found != null ? found : ClusterSettings.defaults(cluster);
    }

    public Map<String, ClusterSettings> ofService(ServiceKey service) {
        return Map.copyOf(settings.getOrDefault(service, Map.of()));
    }

    void put(ServiceKey service, ClusterSettings cluster) {
        settings.computeIfAbsent(service, k -> new ConcurrentHashMap<>()).put(cluster.name(), cluster);
    }

    /** Keeps exactly these settings for the service (as a peer stored them); false when they were so already. */
    boolean replace(ServiceKey service, List<ClusterSettings> stored) {
        Map<String, ClusterSettings> wanted = new ConcurrentHashMap<>();
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
