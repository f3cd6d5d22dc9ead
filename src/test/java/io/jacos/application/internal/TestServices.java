package io.jacos.application.internal;

import io.jacos.application.ClientSessionService;
import io.jacos.application.DiscoveryService;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.RegistrationService;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.NamingSettings;
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

    /** With the settings a transport test gives (page and subscription limits, cache millis). */
    public TestServices(Clock clock, NamingSettings naming, ConnectionSettings connection) {
        registry = TestRegistries.create(clock, fired, naming);
        Inputs inputs = new Inputs(VALIDATOR, new InputLimits(1024, 1024, 2000, 100_000));
        FixedMembers standalone = FixedMembers.standalone();

        DefaultRegistrationService registrations = new DefaultRegistrationService();
        registrations.registry = registry;
        registrations.inputs = inputs;
        registrations.overrides = new InstanceOverrides(10);
        registration = registrations;

        DefaultDiscoveryService discoveries = new DefaultDiscoveryService();
        discoveries.registry = registry;
        discoveries.reader = registry.reader();
        discoveries.inputs = inputs;
        discoveries.connectionSettings = connection;
        discovery = discoveries;

        HandedOffClients handedOff = new HandedOffClients();
        handedOff.registry = registry;
        handedOff.reader = registry.reader();
        handedOff.clock = clock;
        handedOff.balanceSettings = new io.jacos.settings.BalanceSettings(); // no grace: a moved client goes at once
        DefaultClientSessionService session = new DefaultClientSessionService();
        session.registry = registry;
        session.members = standalone;
        session.handedOff = handedOff;
        sessions = session;

        persistent = new DefaultPersistentInstanceService(registry, standalone, registry.reader(), inputs,
                new MemoryNamingStore(), new ClusterCatalog(),
                new StoredWrites(new ServiceLocks(), RecordingEvent.into(fired)));
    }
}
