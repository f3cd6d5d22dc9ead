package io.jacos.registry.service;

import io.jacos.model.ServiceKey;
import io.jacos.model.ServicePage;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The service singletons: one {@link ServiceRecord} per key, plus a sorted name index per namespace and group
 * for paged listing. Revisions come from one counter, so a service that is removed and created again never
 * reuses a revision (caches keyed by revision stay correct).
 */
public final class ServiceIndex {

    private final Map<ServiceKey, ServiceRecord> services = new ConcurrentHashMap<>();
    private final Map<String, NavigableSet<String>> namesByGroup = new ConcurrentHashMap<>();
    private final AtomicLong revisions = new AtomicLong();
    private final LongSupplier millis;

    public ServiceIndex(Clock clock) {
        this.millis = clock::millis;
    }

    public Optional<ServiceRecord> find(ServiceKey key) {
        return Optional.ofNullable(services.get(key));
    }

    /** Returns the existing service, or creates it with the given kind. */
    public ServiceRecord getOrCreate(ServiceKey key, boolean ephemeral) {
        ServiceRecord existing = services.get(key);
        if (existing != null) {
            return existing;
        }
        return services.computeIfAbsent(key, k -> {
            namesByGroup.computeIfAbsent(groupKey(k.namespace(), k.group()), g -> new ConcurrentSkipListSet<>())
                    .add(k.name());
            return new ServiceRecord(k, ephemeral, revisions::incrementAndGet, millis);
        });
    }

    /** Removes a service that must already be empty; the caller holds the record's monitor. */
    public void remove(ServiceRecord record) {
        ServiceKey key = record.key();
        if (services.remove(key, record)) {
            NavigableSet<String> names = namesByGroup.get(groupKey(key.namespace(), key.group()));
            if (names != null) {
                names.remove(key.name());
            }
        }
    }

    public List<ServiceRecord> all() {
        return List.copyOf(services.values());
    }

    public int size() {
        return services.size();
    }

    public ServicePage page(String namespace, String group, int pageNo, int pageSize) {
        NavigableSet<String> names = namesByGroup.getOrDefault(groupKey(namespace, group), new ConcurrentSkipListSet<>());
        List<String> snapshot = new ArrayList<>(names);
        long from = (long) Math.max(pageNo - 1, 0) * pageSize;
        if (from >= snapshot.size() || pageSize <= 0) {
            return new ServicePage(snapshot.size(), List.of());
        }
        int to = (int) Math.min(from + pageSize, snapshot.size());
        return new ServicePage(snapshot.size(), List.copyOf(snapshot.subList((int) from, to)));
    }

    private static String groupKey(String namespace, String group) {
        return namespace + "##" + group;
    }
}
