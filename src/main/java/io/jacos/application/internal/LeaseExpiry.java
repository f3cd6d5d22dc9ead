package io.jacos.application.internal;

import io.jacos.application.BeatTimes;
import io.jacos.application.RuntimeSwitches;
import io.jacos.settings.BeatSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.client.Client;
import io.jacos.registry.client.Lease;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Ends the leases of one 1.x client: an instance without a beat for its unhealthy timeout is marked unhealthy,
 * for its delete timeout removed (unless expiry is switched off); a subscription without a poll for the
 * subscriber expiry is dropped; a client left with nothing is removed. Instances whose health an operator set
 * by hand are left alone. Each step re-checks the lease, so a beat that lands meanwhile wins.
 */
@ApplicationScoped
class LeaseExpiry {

    @Inject
    Registry registry;
    @Inject
    BeatSettings beatSettings;
    @Inject
    UdpSettings udpSettings;
    @Inject
    RuntimeSwitches switches;
    @Inject
    Clock clock;

    void check(Client client) {
        long now = clock.millis();
        BeatTimes times = switches.beatTimes();
        ClientId id = client.id();
        for (Map.Entry<ServiceKey, List<Instance>> published : client.publishedView().entrySet()) {
            ServiceKey service = published.getKey();
            Lease lease = client.lease(service).orElse(null);
            if (lease == null || lease.marked() || published.getValue().isEmpty()) {
                continue;
            }
            Instance instance = published.getValue().get(0);
            long silentSince = lease.renewedAtMillis();
            if (beatSettings.expireInstances() && now - silentSince > times.deleteTimeout(instance)) {
                withdraw(id, service, lease, silentSince);
            } else if (now - silentSince > times.unhealthyTimeout(instance) && instance.healthy()) {
                registry.amend(id, service, i -> lease.renewedAtMillis() == silentSince ? i.withHealthy(false) : i,
                        ChangeOrigin.of(ChangeCause.BEAT_EXPIRED, id));
            }
        }
        for (ServiceKey service : client.subscriptionsView().keySet()) {
            Lease lease = client.subscriptionLease(service).orElse(null);
            if (lease != null && now - lease.renewedAtMillis() > udpSettings.udpSubscriberExpiryMillis()) {
                unsubscribe(id, service);
            }
        }
        registry.disconnectIfIdle(id);
    }

    private void withdraw(ClientId id, ServiceKey service, Lease lease, long silentSince) {
        if (lease.renewedAtMillis() != silentSince) {
            return;
        }
        try {
            registry.withdraw(id, service, ChangeOrigin.of(ChangeCause.BEAT_EXPIRED, id));
        } catch (RegistryException e) {
            // Removed meanwhile: nothing left to expire.
        }
    }

    private void unsubscribe(ClientId id, ServiceKey service) {
        try {
            registry.unsubscribe(id, service);
        } catch (RegistryException e) {
            // Removed meanwhile.
        }
    }
}
