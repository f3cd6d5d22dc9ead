package io.jacos.registry.service;

import io.jacos.model.ServiceKey;
import io.jacos.model.ServicePage;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
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
 * <p>
 * A name enters and leaves its group's set only inside the map's atomic step for that key, so creating a
 * service and retiring its predecessor are ordered: retiring can never take away a live service's name.
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
            namesByGroup.compute(groupKey(k), (g, names) -> {
                NavigableSet<String> set = names == null ? new ConcurrentSkipListSet<>() : names;
                set.add(k.name());
                return set;
            });
            return new ServiceRecord(k, ephemeral, revisions::incrementAndGet, millis);
        });
    }

    /** Removes this record if it is still the current one for its key; returns whether it was. */
    public boolean remove(ServiceRecord record) {
        boolean[] removed = new boolean[1];
        services.computeIfPresent(record.key(), (k, current) -> {
            if (current != record) {
                return current;
            }
            removed[0] = true;
            namesByGroup.computeIfPresent(groupKey(k), (g, names) -> {
                names.remove(k.name());
                return names.isEmpty() ? null : names;
            });
            return null;
        });
        return removed[0];
    }

    public List<ServiceRecord> all() {
        return List.copyOf(services.values());
    }

    public int size() {
        return services.size();
    }

    /** Number of namespace/group name sets held; an empty group holds none. */
    public int groupCount() {
        return namesByGroup.size();
    }

    /**
     * One page of names, sorted, with the total before paging. A page number below 1 reads as 1; the page is
     * read by walking the sorted set, never by copying the whole group.
     */
    public ServicePage page(String namespace, String group, int pageNo, int pageSize) {
        NavigableSet<String> names = namesByGroup.get(namespace + "##" + group);
        if (names == null) {
            return new ServicePage(0, List.of());
        }
        int total = names.size();
        long from = (long) (Math.max(pageNo, 1) - 1) * Math.max(pageSize, 0);
        if (pageSize <= 0 || from >= total) {
            return new ServicePage(total, List.of());
        }
        List<String> page = new ArrayList<>(Math.min(pageSize, total));
        Iterator<String> it = names.iterator();
        for (long skipped = 0; skipped < from && it.hasNext(); skipped++) {
            it.next();
        }
        while (it.hasNext() && page.size() < pageSize) {
            page.add(it.next());
        }
        return new ServicePage(total, List.copyOf(page));
    }

    private static String groupKey(ServiceKey key) {
        return key.namespace() + "##" + key.group();
    }
}
