package io.jacos.application.internal;

import io.jacos.application.ClientSessionService;
import io.jacos.application.InstanceClusterService;
import io.jacos.application.DiscoveryService;
import io.jacos.application.InstanceAdminService;
import io.jacos.application.IpPortClientService;
import io.jacos.application.MetadataBatchService;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.RegistrationService;
import io.jacos.application.RuntimeSwitches;
import io.jacos.application.ServiceCatalogService;
import io.jacos.event.BeatReceived;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.TestRegistries;
import io.jacos.settings.BalanceSettings;
import io.jacos.settings.BeatSettings;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.RecordingEvent;

import java.time.Clock;
import java.util.List;

import static io.jacos.application.validation.Refusals.VALIDATOR;

/**
 * The real use cases of a standalone node, wired by hand for tests of the transports above them: one real registry,
 * the Nacos input rules and limits, persistent instances in memory. What the registry fires is recorded, not
 * observed: no push, health or replication runs behind these services.
 */
public final class TestServices {

    public final List<Object> fired = TestRegistries.eventList();
    public final Registry registry;
    public final RegistrationService registration;
    public final DiscoveryService discovery;
    public final ClientSessionService sessions;
    public final PersistentInstanceService persistent;
    /** 1.x clients, services, clusters and operators' edits: the use cases of the HTTP open API. */
    public final IpPortClientService ipPortClients;
    public final ServiceCatalogService catalog;
    public final InstanceClusterService clusters;
    public final InstanceAdminService instanceAdmin;
    public final MetadataBatchService metadataBatches;
    public final RuntimeSwitches switches;
    /** The beats the 1.x clients' use case announced. */
    public final RecordingEvent<BeatReceived> beats = new RecordingEvent<>();

    /** With the settings a transport test gives (page and subscription limits, cache millis); no beat settings. */
    public TestServices(Clock clock, NamingSettings naming, ConnectionSettings connection) {
        this(clock, naming, connection, new BeatSettings(), new UdpSettings());
    }

    /** With the beat and UDP settings too, which the 1.x clients' use case reads. */
    public TestServices(Clock clock, NamingSettings naming, ConnectionSettings connection, BeatSettings beat,
                        UdpSettings udp) {
        registry = TestRegistries.create(clock, fired, naming);
        InputNormalizer inputs = new InputNormalizer(VALIDATOR, new InputLimits(1024, 1024, 2000, 100_000));
        FixedMembers standalone = FixedMembers.standalone();
        InstanceOverrides overrides = overrides(10, registry.reader());
        MemoryNamingStore store = new MemoryNamingStore();
        InstanceClusterCatalog clusterCatalog = new InstanceClusterCatalog();
        ServiceLocks locks = new ServiceLocks();

        // No hand-off grace: a moved client goes at once.
        HandedOffClients handedOff = new HandedOffClients(registry, registry.reader(), clock, new BalanceSettings());
        DefaultRegistrationService registrations = new DefaultRegistrationService(registry, registry.reader(), inputs,
                overrides, RecordingEvent.observedBy(handedOff::withdrawnHere));
        registration = registrations;

        DefaultDiscoveryService discoveries = new DefaultDiscoveryService(registry, registry.reader(), inputs,
                connection);
        discovery = discoveries;

        DefaultClientSessionService session = new DefaultClientSessionService(registry, standalone, handedOff);
        sessions = session;

        StoredWrites writes = new StoredWrites(locks, RecordingEvent.into(fired));
        DefaultPersistentInstanceService persistents = new DefaultPersistentInstanceService(registry, standalone,
                registry.reader(), inputs, store, clusterCatalog, writes);
        persistent = persistents;

        switches = new DefaultRuntimeSwitches(beat);
        LeaseExpiry expiry = new LeaseExpiry(registry, beat, udp, switches, clock);
        DefaultIpPortClientService ipPort = new DefaultIpPortClientService(registry, standalone, registry.reader(),
                inputs, naming, switches, discoveries, expiry, overrides, beats,
                new SubscriberSources(clock, udp, naming), new RecentWithdrawals(clock));
        ipPortClients = ipPort;

        DefaultServiceCatalogService services = new DefaultServiceCatalogService(registry, registry.reader(), inputs,
                store, clusterCatalog, writes);
        catalog = services;

        DefaultInstanceClusterService clusterService = new DefaultInstanceClusterService(inputs, VALIDATOR,
                registry.reader(), store, clusterCatalog, writes);
        clusters = clusterService;

        DefaultInstanceAdminService admin = new DefaultInstanceAdminService(registry, registry.reader(), inputs,
                persistents, overrides, standalone);
        instanceAdmin = admin;

        DefaultMetadataBatchService batches = new DefaultMetadataBatchService(admin, inputs, overrides, standalone);
        metadataBatches = batches;
    }

    /** Operators' edits of at most {@code max} instances; {@code reader} shows what a change left (may be null). */
    static InstanceOverrides overrides(int max, RegistryReader reader) {
        return new InstanceOverrides(new NamingSettings() {
            @Override
            public int maxInstanceOverrides() {
                return max;
            }
        }, reader);
    }
}
