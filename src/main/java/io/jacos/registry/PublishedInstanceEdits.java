package io.jacos.registry;

import io.jacos.event.InstanceRegistered;
import io.jacos.event.InstancesChanged;
import io.jacos.event.ServiceChanged;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.registry.service.ServiceIndex;
import io.jacos.registry.service.ServiceRecord;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * The {@link Registry}'s writes to instances a client already publishes: edits in place (health marks), beat
 * renewals and an operator's health override. Called only by the Registry, with its lock order: the client's
 * monitor, then the service record's; events after both are released.
 */
final class PublishedInstanceEdits {

    private final Map<ClientId, Client> clients;
    private final ServiceIndex services;
    private final LongSupplier now;
    private final Consumer<Object> fire;

    PublishedInstanceEdits(Map<ClientId, Client> clients, ServiceIndex services, LongSupplier now, Consumer<Object> fire) {
        this.clients = clients;
        this.services = services;
        this.now = now;
        this.fire = fire;
    }

    boolean amend(ClientId id, ServiceKey service, UnaryOperator<Instance> change, ChangeOrigin origin) {
        Client client = clients.get(id);
        ServiceRecord record = services.find(service).orElse(null);
        if (client == null || record == null) {
            return false;
        }
        boolean changed;
        List<Instance> current;
        List<Instance> next;
        synchronized (client) {
            current = client.published(service).orElse(null);
            if (client.isRemoved() || current == null) {
                return false;
            }
            next = current.stream().map(change).toList();
            synchronized (record) {
                if (record.isRetired()) {
                    return false;
                }
                // An edit is not a beat: the lease keeps its time.
                client.publish(service, next, client.lease(service).map(Lease::renewedAtMillis).orElse(0L));
                changed = record.publish(id, next);
            }
        }
        if (changed) {
            fire.accept(new InstanceRegistered(id, service));
            fire.accept(new ServiceChanged(service, record.revision()));
        }
        if (!current.equals(next)) {
            fire.accept(new InstancesChanged(id, service, current, next, origin));
        }
        return changed;
    }

    List<Instance> renew(ClientId id, ServiceKey service) {
        Client client = clients.get(id);
        if (client == null) {
            return List.of();
        }
        List<Instance> published = client.published(service).orElse(List.of());
        if (!published.isEmpty()) {
            client.lease(service).ifPresent(lease -> lease.renew(now.getAsLong()));
        }
        return published;
    }

    boolean mark(ClientId id, ServiceKey service, boolean healthy, boolean marked, ChangeOrigin origin) {
        Client client = clients.get(id);
        Lease lease = client == null ? null : client.lease(service).orElse(null);
        if (lease == null) {
            return false;
        }
        lease.marked(marked);
        amend(id, service, instance -> instance.withHealthy(healthy), origin);
        return true;
    }
}
