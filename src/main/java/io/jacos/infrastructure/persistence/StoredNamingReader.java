package io.jacos.infrastructure.persistence;

import io.jacos.application.NamingStore.StoredNaming;
import io.jacos.model.ClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads every stored row once, at start, into the maps {@link StoredNaming} carries. */
final class StoredNamingReader {

    private StoredNamingReader() {
    }

    static StoredNaming read(EntityManager em) {
        List<Namespace> namespaces = em.createQuery("SELECT n FROM NamespaceRow n ORDER BY n.id", NamespaceRow.class)
                .getResultList().stream().map(NamingRows::namespace).toList();
        Map<ServiceKey, ServiceMeta> services = new HashMap<>();
        for (ServiceRow row : em.createQuery("SELECT s FROM ServiceRow s", ServiceRow.class).getResultList()) {
            services.put(row.serviceKey(), NamingRows.serviceMeta(row));
        }
        Map<ServiceKey, List<ClusterSettings>> clusters = new HashMap<>();
        for (ClusterRow row : em.createQuery("SELECT c FROM ClusterRow c ORDER BY c.cluster", ClusterRow.class)
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

    private static <T> Map<ServiceKey, List<T>> copyOfLists(Map<ServiceKey, List<T>> map) {
        Map<ServiceKey, List<T>> copy = new HashMap<>();
        map.forEach((key, list) -> copy.put(key, List.copyOf(list)));
        return Map.copyOf(copy);
    }
}
