package io.jacos.registry.client;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;

import java.util.List;
import java.util.Map;

/** Everything one client holds, as an immutable value: the unit that replication will ship between nodes. */
public record ClientSnapshot(ClientId id, ClientKind kind, String owner,
                             Map<ServiceKey, List<Instance>> published,
                             Map<ServiceKey, Subscription> subscriptions) {

    public ClientSnapshot {
        published = Map.copyOf(published);
        subscriptions = Map.copyOf(subscriptions);
    }
}
