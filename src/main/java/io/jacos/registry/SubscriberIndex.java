package io.jacos.registry;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Service to subscriber client ids. Written only by the {@link Registry}, under the subscribing client's lock. */
final class SubscriberIndex {

    private final Map<ServiceKey, Set<ClientId>> subscribers = new ConcurrentHashMap<>();

    void add(ServiceKey service, ClientId client) {
        subscribers.computeIfAbsent(service, k -> ConcurrentHashMap.newKeySet()).add(client);
    }

    void remove(ServiceKey service, ClientId client) {
        subscribers.computeIfPresent(service, (k, set) -> {
            set.remove(client);
            return set.isEmpty() ? null : set;
        });
    }

    Set<ClientId> of(ServiceKey service) {
        Set<ClientId> set = subscribers.get(service);
        return set == null ? Set.of() : Set.copyOf(set);
    }

    boolean has(ServiceKey service) {
        return subscribers.containsKey(service);
    }

    int count() {
        return subscribers.values().stream().mapToInt(Set::size).sum();
    }
}
