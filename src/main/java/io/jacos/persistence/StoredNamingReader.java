package io.jacos.persistence;

import io.jacos.application.NamingStore.StoredNaming;
import io.jacos.application.NamingStore.StoredService;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the stored rows: all of them once, at start, into the maps {@link StoredNaming} carries; or one service's
 * rows, or the namespaces, when a peer says it changed them.
 */
final class StoredNamingReader {

    private StoredNamingReader() {
    }

    static StoredNaming read(EntityManager em) {
        List<Namespace> namespaces = readNamespaces(em);
        Map<ServiceKey, ServiceMeta> services = new HashMap<>();
        for (ServiceRow row : em.createQuery("SELECT s FROM ServiceRow s", ServiceRow.class).getResultList()) {
            services.put(row.serviceKey(), NamingRows.serviceMeta(row));
        }
        Map<ServiceKey, List<InstanceClusterSettings>> clusters = new HashMap<>();
        for (InstanceClusterRow row : em.createQuery("SELECT c FROM InstanceClusterRow c ORDER BY c.cluster", InstanceClusterRow.class)
                .getResultList()) {
            clusters.computeIfAbsent(row.serviceKey(),
                    k -> new ArrayList<>()).add(NamingRows.clusterSettings(row));
        }
        Map<ServiceKey, List<Instance>> instances = new HashMap<>();
        for (InstanceRow row : em.createQuery("SELECT i FROM InstanceRow i ORDER BY i.ip, i.port", InstanceRow.class)
                .getResultList()) {
            instances.computeIfAbsent(row.serviceKey(),
                    k -> new ArrayList<>()).add(NamingRows.instance(row));
        }
        return new StoredNaming(namespaces, Map.copyOf(services), copyOfLists(clusters), copyOfLists(instances));
    }

    static List<Namespace> readNamespaces(EntityManager em) {
        return em.createQuery("SELECT n FROM NamespaceRow n ORDER BY n.id", NamespaceRow.class)
                .getResultList().stream().map(NamingRows::namespace).toList();
    }

    static StoredService readService(EntityManager em, ServiceKey service) {
        ServiceKeyColumns key = NamingRows.key(service);
        Optional<ServiceMeta> settings = Optional.ofNullable(em.find(ServiceRow.class, key)).map(NamingRows::serviceMeta);
        List<InstanceClusterSettings> clusters = em.createQuery("SELECT c FROM InstanceClusterRow c WHERE c.namespace = :namespace "
                        + "AND c.groupName = :groupName AND c.serviceName = :serviceName ORDER BY c.cluster", InstanceClusterRow.class)
                .setParameter("namespace", key.namespace).setParameter("groupName", key.groupName)
                .setParameter("serviceName", key.serviceName).getResultList().stream()
                .map(NamingRows::clusterSettings).toList();
        List<Instance> instances = em.createQuery("SELECT i FROM InstanceRow i WHERE i.namespace = :namespace "
                        + "AND i.groupName = :groupName AND i.serviceName = :serviceName ORDER BY i.ip, i.port",
                        InstanceRow.class)
                .setParameter("namespace", key.namespace).setParameter("groupName", key.groupName)
                .setParameter("serviceName", key.serviceName).getResultList().stream()
                .map(NamingRows::instance).toList();
        return new StoredService(settings, clusters, instances);
    }

    private static <T> Map<ServiceKey, List<T>> copyOfLists(Map<ServiceKey, List<T>> map) {
        Map<ServiceKey, List<T>> copy = new HashMap<>();
        map.forEach((key, list) -> copy.put(key, List.copyOf(list)));
        return Map.copyOf(copy);
    }
}
