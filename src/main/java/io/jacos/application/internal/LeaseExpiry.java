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
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientView.LeaseState;
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

    private Registry registry;
    private BeatSettings beatSettings;
    private UdpSettings udpSettings;
    private RuntimeSwitches switches;
    private Clock clock;

    /** For the container's proxy. */
    protected LeaseExpiry() {
    }

    @Inject
    public LeaseExpiry(Registry registry, BeatSettings beatSettings, UdpSettings udpSettings, RuntimeSwitches switches,
                       Clock clock) {
        this.registry = registry;
        this.beatSettings = beatSettings;
        this.udpSettings = udpSettings;
        this.switches = switches;
        this.clock = clock;
    }

    void check(ClientView client) {
        long now = clock.millis();
        BeatTimes times = switches.beatTimes();
        ClientId id = client.id();
        for (Map.Entry<ServiceKey, List<Instance>> published : client.published().entrySet()) {
            ServiceKey service = published.getKey();
            LeaseState lease = client.lease(service).orElse(null);
            if (lease == null || lease.marked() || published.getValue().isEmpty()) {
                continue;
            }
            Instance instance = published.getValue().get(0);
            long silentSince = lease.renewedAtMillis();
            if (beatSettings.expireInstances() && now - silentSince > times.deleteTimeout(instance)) {
                withdraw(id, service, silentSince);
            } else if (now - silentSince > times.unhealthyTimeout(instance) && instance.healthy()) {
                registry.amend(id, service, i -> stillSilent(id, service, silentSince) ? i.withHealthy(false) : i,
                        ChangeOrigin.of(ChangeCause.BEAT_EXPIRED, id));
            }
        }
        for (ServiceKey service : client.subscriptions().keySet()) {
            LeaseState lease = client.subscriptionLease(service).orElse(null);
            if (lease != null && now - lease.renewedAtMillis() > udpSettings.udpSubscriberExpiryMillis()) {
                unsubscribe(id, service);
            }
        }
        registry.disconnectIfIdle(id);
    }

    /** Read again at the moment of the change, since the client was read: a beat that landed since wins. */
    private boolean stillSilent(ClientId id, ServiceKey service, long silentSince) {
        return registry.reader().client(id).flatMap(c -> c.lease(service))
                .map(lease -> lease.renewedAtMillis() == silentSince).orElse(false);
    }

    private void withdraw(ClientId id, ServiceKey service, long silentSince) {
        if (!stillSilent(id, service, silentSince)) {
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
