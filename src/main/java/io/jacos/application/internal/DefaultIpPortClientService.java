package io.jacos.application.internal;

import io.jacos.application.BeatTimes;
import io.jacos.application.RuntimeSwitches;
import io.jacos.application.DiscoveryService;
import io.jacos.application.InstanceSpec;
import io.jacos.application.IpPortClientService;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.settings.NamingSettings;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.IpLiteral;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientView.LeaseState;
import jakarta.enterprise.context.ApplicationScoped;
import io.jacos.cluster.ClusterMembers;
import io.jacos.event.BeatReceived;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.util.List;
import java.util.function.Supplier;

/**
 * 1.x clients on the one registry: each instance is published by the client {@code ip:port#true}, each UDP
 * subscriber is the client {@code clientIP:udpPort#true}. Leases are renewed by beats and polls and ended by
 * {@link LeaseExpiry}; a client with nothing left is removed.
 */
@ApplicationScoped
public class DefaultIpPortClientService implements IpPortClientService {

    /** A client removed by the lease check between our connect and our write is connected again, this often. */
    private static final int ATTEMPTS = 3;

    private Registry registry;
    private ClusterMembers members;
    private RegistryReader reader;
    private InputNormalizer inputs;
    private NamingSettings namingSettings;
    private RuntimeSwitches switches;
    private DiscoveryService discovery;
    private LeaseExpiry expiry;
    private InstanceOverrides overrides;
    private Event<BeatReceived> beats;
    private SubscriberSources sources;
    private RecentWithdrawals withdrawals;

    /** For the container's proxy. */
    protected DefaultIpPortClientService() {
    }

    @Inject
    public DefaultIpPortClientService(Registry registry, ClusterMembers members, RegistryReader reader,
                                      InputNormalizer inputs, NamingSettings namingSettings, RuntimeSwitches switches,
                                      DiscoveryService discovery, LeaseExpiry expiry, InstanceOverrides overrides,
                                      Event<BeatReceived> beats, SubscriberSources sources,
                                      RecentWithdrawals withdrawals) {
        this.registry = registry;
        this.members = members;
        this.reader = reader;
        this.inputs = inputs;
        this.namingSettings = namingSettings;
        this.switches = switches;
        this.discovery = discovery;
        this.expiry = expiry;
        this.overrides = overrides;
        this.beats = beats;
        this.sources = sources;
        this.withdrawals = withdrawals;
    }

    @Override
    public void register(ServiceRef service, InstanceSpec spec) {
        InputNormalizer.Publication publication = inputs.registration(service, spec);
        Instance instance = publication.instances().get(0);
        if (!instance.ephemeral()) {
            // The transports send ephemeral=false to the persistent instances; reaching here is a wiring mistake.
            throw new IllegalArgumentException("a 1.x client's instance must be ephemeral: " + instance);
        }
        ClientId client = ClientId.ofIpPort(instance.ip(), instance.port(), true);
        withdrawals.registered(publication.service(), instance.ip(), instance.port());
        connected(client, () -> {
            // An operator's edit of the instance outlives the client's re-registrations (and updates).
            registry.publish(client, publication.service(),
                    overrides.apply(publication.service(), publication.instances()), ChangeOrigin.client(client));
            return null;
        });
    }

    @Override
    public void update(ServiceRef service, InstanceSpec spec) {
        ServiceKey key = inputs.service(service);
        reader.serviceMeta(key).orElseThrow(() -> RegistryException.serviceNotFound(key));
        register(service, spec);
    }

    @Override
    public boolean deregister(ServiceRef service, String ip, Integer port, boolean ephemeral) {
        ServiceKey key = inputs.endpoint(service, ip, port);
        ClientId client = ClientId.ofIpPort(ip, port, ephemeral);
        boolean had = reader.client(client).flatMap(c -> c.published(key)).isPresent();
        if (had) {
            adoptIfCopy(client);
            try {
                registry.withdraw(client, key, ChangeOrigin.client(client));
            } catch (RegistryException e) {
                return false;
            }
            registry.disconnectIfIdle(client);
            if (ephemeral) {
                withdrawals.withdrawn(key, ip, port);
            }
        }
        return had;
    }

    @Override
    public BeatAnswer beat(ServiceRef service, BeatSpec beat) {
        ServiceKey key = inputs.endpoint(service, beat.ip(), beat.port());
        BeatTimes times = switches.beatTimes();
        ClientId client = ClientId.ofIpPort(beat.ip(), beat.port(), true);
        adoptIfCopy(client);
        List<Instance> published = registry.renew(client, key);
        BeatReceived.Outcome outcome = BeatReceived.Outcome.KNOWN;
        if (published.isEmpty()) {
            if (withdrawals.withinLast(key, beat.ip(), beat.port(), switches.beatIntervalMillis())) {
                // Sent before its client deregistered: answered as known, so that it registers nothing again.
                return answer(BeatAnswer.OK, switches.beatIntervalMillis());
            }
            if (!beat.full()) {
                beats.fire(new BeatReceived(client, key, BeatReceived.Outcome.UNKNOWN));
                return answer(BeatAnswer.NOT_FOUND, switches.beatIntervalMillis());
            }
            outcome = BeatReceived.Outcome.REREGISTERED;
            // A full beat carries the instance: register it again at once, as Nacos does.
            register(service, new InstanceSpec(null, beat.ip(), beat.port(), beat.weight(), true, true, true,
                    beat.clusterName(), beat.metadata()));
            published = registry.renew(client, key);
        }
        boolean marked = reader.client(client).flatMap(c -> c.lease(key)).map(LeaseState::marked).orElse(false);
        if (!marked && published.stream().anyMatch(i -> !i.healthy())) {
            registry.amend(client, key, instance -> instance.withHealthy(true), ChangeOrigin.client(client));
        }
        beats.fire(new BeatReceived(client, key, outcome));
        return answer(BeatAnswer.OK, published.isEmpty() ? switches.beatIntervalMillis()
                : times.interval(published.get(0)));
    }

    @Override
    public Selection list(ServiceRef service, String clusters, boolean healthyOnly, String subscriberIp, int udpPort,
                          String source) {
        if (udpPort > 0 && subscriberIp != null && !subscriberIp.isBlank()) {
            inputs.endpoint(service, subscriberIp, udpPort);
            // The endpoint's canonical form, so one address written two ways is one subscriber.
            IpLiteral.parse(subscriberIp).ifPresent(address -> subscribe(
                    ClientId.ofIpPort(address.getHostAddress(), udpPort, true), service, clusters, source));
        }
        return discovery.query(service, clusters, healthyOnly);
    }

    private void subscribe(ClientId subscriber, ServiceRef service, String clusters, String source) {
        SubscriberSources.Admission admission = sources.admit(source, subscriber);
        if (admission == SubscriberSources.Admission.REFUSED) {
            return;
        }
        try {
            connected(subscriber, () -> discovery.subscribe(subscriber, service, clusters));
        } catch (RuntimeException e) {
            if (admission == SubscriberSources.Admission.NEW) {
                sources.release(source, subscriber);
            }
            throw e;
        }
    }

    @Override
    public boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin) {
        ServiceKey key = inputs.endpoint(service, ip, port);
        return registry.mark(ClientId.ofIpPort(ip, port, true), key, healthy, true, origin);
    }

    @Override
    public void expireLeases() {
        sources.expire();
        for (ClientView client : reader.clientsOf(ClientKind.IP_PORT)) {
            // Only this node's clients: a peer's copies end when the peer says so.
            if (members.self().address().equals(client.owner())) {
                expiry.check(client);
            }
        }
    }

    /**
     * A 1.x client's requests reach the node responsible for it; when that is this node and the client is still a
     * copy of its previous node's (the view changed), this node takes it over, so it expires it, replicates it and
     * its beats keep it alive here.
     */
    private void adoptIfCopy(ClientId client) {
        String self = members.self().address();
        if (reader.client(client).map(c -> !self.equals(c.owner())).orElse(false)) {
            registry.connectIpPort(client, self, namingSettings.maxIpPortClients());
        }
    }

    private <T> T connected(ClientId client, Supplier<T> write) {
        for (int attempt = 1; ; attempt++) {
            registry.connectIpPort(client, members.self().address(), namingSettings.maxIpPortClients());
            try {
                return write.get();
            } catch (RegistryException e) {
                if (e.code() != RegistryException.UN_REGISTER || attempt == ATTEMPTS) {
                    registry.disconnectIfIdle(client);
                    throw e;
                }
            }
        }
    }

    private BeatAnswer answer(int code, long interval) {
        return new BeatAnswer(code, interval, switches.lightBeatEnabled());
    }
}
