package io.jacos.registry;

import io.jacos.event.ClientConnected;
import io.jacos.event.InstanceDeregistered;
import io.jacos.event.InstanceRegistered;
import io.jacos.event.InstancesChanged;
import io.jacos.event.ServiceChanged;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.registry.service.ServiceIndex;
import io.jacos.registry.service.ServiceRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * The registry's writes for replicated clients: a peer's client is held as a copy whose published instances are
 * replaced wholesale by each snapshot. Same lock order as the {@link Registry}: client, then service record.
 */
final class CopyWrites {

    private static final Logger LOG = Logger.getLogger(CopyWrites.class.getName());

    private final Map<ClientId, Client> clients;
    private final ServiceIndex services;
    private final LongSupplier now;
    private final Consumer<Object> fire;

    CopyWrites(Map<ClientId, Client> clients, ServiceIndex services, LongSupplier now, Consumer<Object> fire) {
        this.clients = clients;
        this.services = services;
        this.now = now;
        this.fire = fire;
    }

    void apply(ClientSnapshot snapshot) {
        List<Object> fired = new ArrayList<>();
        while (true) {
            Client client = clients.computeIfAbsent(snapshot.id(), id -> {
                fired.add(new ClientConnected(id, snapshot.kind()));
                return new Client(id, snapshot.kind(), snapshot.owner());
            });
            synchronized (client) {
                if (client.isRemoved()) {
                    continue;
                }
                client.transferTo(snapshot.owner());
                replace(client, snapshot.published(), ChangeOrigin.node(ChangeCause.REPLICATION, snapshot.owner()),
                        fired);
            }
            break;
        }
        fired.forEach(fire);
    }

    private void replace(Client client, Map<ServiceKey, List<Instance>> wanted, ChangeOrigin origin,
                         List<Object> fired) {
        client.publishedView().forEach((service, before) -> {
            if (!wanted.containsKey(service) && client.withdraw(service)) {
                services.find(service).ifPresent(record -> {
                    if (record.withdraw(client.id())) {
                        fired.add(new InstanceDeregistered(client.id(), service));
                        fired.add(new ServiceChanged(service, record.revision()));
                        fired.add(new InstancesChanged(client.id(), service, before, List.of(), origin));
                    }
                });
            }
        });
        wanted.forEach((service, instances) -> {
            if (!instances.equals(client.published(service).orElse(null))) {
                publish(client, service, instances, origin, fired);
            }
        });
    }

    private void publish(Client client, ServiceKey service, List<Instance> instances, ChangeOrigin origin,
                         List<Object> fired) {
        boolean ephemeral = instances.get(0).ephemeral();
        while (true) {
            ServiceRecord record = services.getOrCreate(service, ephemeral);
            synchronized (record) {
                if (record.isRetired()) {
                    continue;
                }
                if (!record.accepts(ephemeral)) {
                    // The peer accepted it, so the two nodes disagree on the service's kind: keep ours.
                    LOG.warning(() -> "Replicated instances of " + client.id() + " refused: " + service
                            + " holds the other kind here");
                    return;
                }
                List<Instance> before = client.published(service).orElse(List.of());
                client.publish(service, instances, now.getAsLong());
                fired.add(new InstanceRegistered(client.id(), service));
                fired.add(new InstancesChanged(client.id(), service, before, instances, origin));
                if (record.publish(client.id(), instances)) {
                    fired.add(new ServiceChanged(service, record.revision()));
                }
                return;
            }
        }
    }
}
