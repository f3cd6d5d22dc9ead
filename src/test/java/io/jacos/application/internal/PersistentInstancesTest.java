package io.jacos.application.internal;

import io.jacos.model.ChangeOrigin;

import io.jacos.application.InstanceClusterSpec;
import io.jacos.application.HealthCheckSpec;
import io.jacos.application.InstanceSpec;
import io.jacos.application.PersistentInstanceService.CheckTarget;
import io.jacos.application.ServiceRef;
import io.jacos.event.StoredServiceChanged;
import io.jacos.model.ClientId;
import io.jacos.model.HealthCheck;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.testing.FixedMembers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Persistent instances on a real registry and an in-memory store: stored first, shown second, kinds kept apart. */
class PersistentInstancesTest {

    private static final ServiceRef SVC = new ServiceRef(null, null, "db");
    private static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "db");
    private static final String IP = "10.0.0.7";

    private final MemoryNamingStore store = new MemoryNamingStore();
    private final List<Object> stored = TestRegistries.eventList();
    private final InputNormalizer inputs = new InputNormalizer(VALIDATOR, new InputLimits(1024, 1024, 2000, 100_000));
    private final InstanceClusterCatalog catalog = new InstanceClusterCatalog();
    private final StoredWrites writes = new StoredWrites(new ServiceLocks(), TestRegistries.events(stored));
    private Registry registry;
    private DefaultPersistentInstanceService persistent;
    private DefaultInstanceClusterService clusters;

    @BeforeEach
    void wire() {
        registry = TestRegistries.create(Clock.systemUTC(), TestRegistries.eventList());
        persistent = persistentOn(FixedMembers.standalone());
        clusters = new DefaultInstanceClusterService(inputs, VALIDATOR, registry.reader(), store, catalog, writes);
    }

    @Test
    void registerStoresThenShowsAPersistentInstance() {
        persistent.register(SVC, spec(5432, true, Map.of("role", "primary")));

        Instance shown = registry.reader().view(KEY).instances().get(0);
        assertFalse(shown.ephemeral());
        assertEquals(Map.of("role", "primary"), shown.metadata());
        assertEquals(shown, store.stored(KEY, IP, 5432));
        assertTrue(registry.reader().isConnected(ClientId.ofIpPort(IP, 5432, false)));
    }

    @Test
    void aRefusedWriteShowsNothing() {
        store.refuseWrites = true;

        assertThrows(RegistryException.class, () -> persistent.register(SVC, spec(5432, true, Map.of())));

        assertTrue(registry.reader().view(KEY).instances().isEmpty());
    }

    @Test
    void aPersistentInstanceIsRefusedInAnEphemeralServiceAndNotStored() {
        ClientId ephemeral = ClientId.ofIpPort("10.0.0.8", 80, true);
        registry.connect(ephemeral, io.jacos.model.ClientKind.IP_PORT, "local");
        registry.publish(ephemeral, KEY, List.of(new Instance("e", "10.0.0.8", 80, 1, true, true, true,
                "DEFAULT", Map.of())), ChangeOrigin.client(ephemeral));

        RegistryException e = assertThrows(RegistryException.class,
                () -> persistent.register(SVC, spec(5432, true, Map.of())));

        assertEquals(400, e.code());
        assertTrue(e.getMessage().contains("is ephemeral service, can't register persistent instance"), e.getMessage());
        assertNull(store.stored(KEY, IP, 5432));
    }

    @Test
    void deregisterRemovesFromStoreAndIndexes() {
        persistent.register(SVC, spec(5432, true, Map.of()));

        assertTrue(persistent.deregister(SVC, IP, 5432));

        assertNull(store.stored(KEY, IP, 5432));
        assertTrue(registry.reader().view(KEY).instances().isEmpty());
        assertFalse(registry.reader().isConnected(ClientId.ofIpPort(IP, 5432, false)));
        assertFalse(persistent.deregister(SVC, IP, 5432));
    }

    @Test
    void checkVerdictsAreStoredAndShownOnce() {
        persistent.register(SVC, spec(5432, true, Map.of()));

        assertTrue(persistent.checked(KEY, IP, 5432, false));
        assertFalse(persistent.checked(KEY, IP, 5432, false));

        assertFalse(registry.reader().view(KEY).instances().get(0).healthy());
        assertFalse(store.stored(KEY, IP, 5432).healthy());
        assertFalse(persistent.checked(KEY, IP, 9999, true));
    }

    @Test
    void registeringAgainKeepsTheServersHealthMarkWhileChecksRun() {
        persistent.register(SVC, spec(5432, true, Map.of()));
        persistent.checked(KEY, IP, 5432, false);

        persistent.register(SVC, spec(5432, true, Map.of("v", "2")));

        Instance shown = registry.reader().view(KEY).instances().get(0);
        assertFalse(shown.healthy());
        assertEquals(Map.of("v", "2"), shown.metadata());
    }

    @Test
    void healthByHandOnlyWhereTheServerDoesNotCheck() {
        persistent.register(SVC, spec(5432, true, Map.of()));
        assertThrows(RegistryException.class, () -> persistent.setHealth(SVC, IP, 5432, false, ChangeOrigin.admin("127.0.0.1")));

        clusters.update(SVC, new InstanceClusterSpec("DEFAULT", null, null,
                new HealthCheckSpec("NONE", null, null, null, null, null, null, null), null));

        assertTrue(persistent.setHealth(SVC, IP, 5432, false, ChangeOrigin.admin("127.0.0.1")));
        assertFalse(registry.reader().view(KEY).instances().get(0).healthy());
        assertFalse(persistent.setHealth(SVC, IP, 1, false, ChangeOrigin.admin("127.0.0.1")));
    }

    @Test
    void checkTargetsCarryTheirClustersCheck() {
        persistent.register(SVC, spec(5432, true, Map.of()));
        clusters.update(SVC, new InstanceClusterSpec("DEFAULT", 8081, false,
                new HealthCheckSpec("http", "/ready", "", 204, 1000L, 300L, 2, 1), null));

        CheckTarget target = persistent.checkTargets().get(0);

        assertEquals(new CheckTarget(KEY, IP, 5432, 8081,
                new HealthCheck(HealthCheck.Type.HTTP, "/ready", "", 204, 1000, 300, 2, 1), true), target);
        assertEquals(8081, store.clusters.get(KEY).get("DEFAULT").checkPort());
    }

    @Test
    void eachCommittedWriteTellsPeersWhichServiceChanged() {
        persistent.register(SVC, spec(5432, true, Map.of()));
        persistent.checked(KEY, IP, 5432, false);
        persistent.checked(KEY, IP, 5432, false);
        clusters.update(SVC, new InstanceClusterSpec("DEFAULT", null, null, null, null));
        persistent.deregister(SVC, IP, 5432);
        persistent.deregister(SVC, IP, 5432);

        assertEquals(List.of(changed(), changed(), changed(), changed()), stored,
                "register, one verdict that changed health, cluster settings, one deregister that removed a row");
    }

    @Test
    void aRefusedWriteTellsNobody() {
        store.refuseWrites = true;

        assertThrows(RegistryException.class, () -> persistent.register(SVC, spec(5432, true, Map.of())));

        assertTrue(stored.isEmpty());
    }

    @Test
    void inClusterModeOnlyTheResponsibleNodeChecksAnInstance() {
        io.jacos.model.NodeId self = new io.jacos.model.NodeId("127.0.0.1", 8848);
        io.jacos.model.NodeId peer = new io.jacos.model.NodeId("127.0.0.1", 8858);
        FixedMembers pair = new FixedMembers(self, List.of(self, peer));
        persistent = persistentOn(pair);
        for (int port = 5000; port < 5020; port++) {
            persistent.register(SVC, spec(port, true, Map.of()));
        }

        List<Integer> checkedHere = persistent.checkTargets().stream().map(CheckTarget::port).toList();
        List<Integer> checkedThere = persistentOn(new FixedMembers(peer, List.of(self, peer))).checkTargets().stream()
                .map(CheckTarget::port).toList();
        List<Integer> checkedAlone = persistentOn(new FixedMembers(self, List.of(self))).checkTargets().stream()
                .map(CheckTarget::port).toList();

        assertFalse(checkedHere.isEmpty());
        assertFalse(checkedThere.isEmpty());
        assertTrue(checkedHere.stream().allMatch(port -> pair.isResponsibleFor(IP + ":" + port)));
        assertTrue(checkedHere.stream().noneMatch(checkedThere::contains), "never both");
        assertEquals(20, checkedHere.size() + checkedThere.size(), "always one");
        assertEquals(20, checkedAlone.size(), "the view shrank to this node: it checks every target");
    }

    @Test
    void clusterSettingsAreCheckedAndNeedTheService() {
        RegistryException missing = assertThrows(RegistryException.class, () -> clusters.update(SVC,
                new InstanceClusterSpec("DEFAULT", null, null, null, null)));
        assertEquals(404, missing.code());
        persistent.register(SVC, spec(5432, true, Map.of()));

        RegistryException bad = assertThrows(RegistryException.class, () -> clusters.update(SVC,
                new InstanceClusterSpec("DEFAULT", null, null,
                        new HealthCheckSpec("MYSQL", null, null, null, null, null, null, null), null)));

        assertEquals(400, bad.code());
        assertTrue(store.clusters.isEmpty());
    }

    /** The service over this test's registry, store and clusters, in the view {@code members} gives. */
    private DefaultPersistentInstanceService persistentOn(FixedMembers members) {
        return new DefaultPersistentInstanceService(registry, members, registry.reader(), inputs, store, catalog,
                writes);
    }

    private static StoredServiceChanged changed() {
        return new StoredServiceChanged(KEY);
    }

    private static InstanceSpec spec(int port, boolean healthy, Map<String, String> metadata) {
        return new InstanceSpec(null, IP, port, 1.0, healthy, true, false, null, metadata);
    }
}
