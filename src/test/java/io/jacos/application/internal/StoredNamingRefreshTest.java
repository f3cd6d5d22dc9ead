package io.jacos.application.internal;

import io.jacos.model.ChangeOrigin;

import io.jacos.event.ServiceChanged;
import io.jacos.event.ServiceRetired;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.HealthCheck;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.Selector;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.registry.NamespaceCatalog;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.testing.FixedMembers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer wrote to the shared store (here: the test writes the in-memory store directly) and said so; the refresh
 * makes this node's indexes show what is stored, and pushes nothing when they did already.
 */
class StoredNamingRefreshTest {

    private static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "db");
    private static final ServiceMeta SETTINGS = new ServiceMeta(0.5f, Map.of("owner", "team-a"), Selector.NONE);

    private final MemoryNamingStore store = new MemoryNamingStore();
    private final List<Object> fired = TestRegistries.eventList();
    private final NamespaceCatalog namespaces = new NamespaceCatalog();
    private final InstanceClusterCatalog clusters = new InstanceClusterCatalog();
    private Registry registry;
    private DefaultStoredNamingRefresh refresh;

    @BeforeEach
    void wire() {
        registry = TestRegistries.create(Clock.systemUTC(), fired);
        ServiceLocks locks = new ServiceLocks();
        DefaultPersistentInstanceService persistent = new DefaultPersistentInstanceService(registry,
                FixedMembers.standalone(), registry.reader(), null, store, clusters,
                new StoredWrites(locks, TestRegistries.events(fired)));
        DefaultNamespaceService namespaceService = new DefaultNamespaceService(namespaces, registry.reader(), null,
                null, store, TestRegistries.events(fired));
        refresh = new DefaultStoredNamingRefresh(store, registry, registry.reader(), clusters, persistent,
                namespaceService, locks);
    }

    @Test
    void anInstanceAPeerStoredIsShownAsStored() {
        store.saveInstance(KEY, instance(80, 1.0, true));

        refresh.refreshService(KEY);

        assertEquals(List.of(instance(80, 1.0, true)), shown());
        assertTrue(registry.reader().isConnected(client(80)));
        assertTrue(fired.stream().anyMatch(ServiceChanged.class::isInstance), "subscribers are pushed");
    }

    @Test
    void anInstanceAPeerUpdatedOrCheckedIsShownWithTheStoredValues() {
        store.saveInstance(KEY, instance(80, 1.0, true));
        refresh.refreshService(KEY);

        store.saveInstance(KEY, instance(80, 3.0, true));
        refresh.refreshService(KEY);
        assertEquals(List.of(instance(80, 3.0, true)), shown());

        store.saveInstance(KEY, instance(80, 3.0, false));
        refresh.refreshService(KEY);
        assertEquals(List.of(instance(80, 3.0, false)), shown(), "the responsible node's health verdict");
    }

    @Test
    void anInstanceNoLongerStoredIsWithdrawnAndItsClientGoes() {
        store.saveInstance(KEY, instance(80, 1.0, true));
        store.saveInstance(KEY, instance(81, 1.0, true));
        refresh.refreshService(KEY);

        store.deleteInstance(KEY, "10.0.0.1", 80);
        refresh.refreshService(KEY);

        assertEquals(List.of(instance(81, 1.0, true)), shown());
        assertFalse(registry.reader().isConnected(client(80)));
    }

    @Test
    void afterASplitEverythingIsReadAgainAndWhatPeersDeletedMeanwhileGoes() {
        store.saveInstance(KEY, instance(80, 1.0, true));
        store.saveInstance(KEY, instance(81, 1.0, true));
        refresh.refreshService(KEY);

        // Both gone from the store while this node heard nothing: no service of the store names KEY any more.
        store.deleteInstance(KEY, "10.0.0.1", 80);
        store.deleteInstance(KEY, "10.0.0.1", 81);
        refresh.refreshAll();

        assertEquals(List.of(), shown());
        assertFalse(registry.reader().isConnected(client(80)));
    }

    @Test
    void nothingIsPushedWhenTheIndexesShowWhatIsStoredAlready() {
        store.saveService(KEY, SETTINGS);
        store.saveCluster(KEY, InstanceClusterSettings.defaults("DEFAULT"));
        store.saveInstance(KEY, instance(80, 1.0, true));
        refresh.refreshService(KEY);
        store.saveNamespace(new Namespace("dev", "Dev", ""));
        refresh.refreshNamespaces();
        fired.clear();

        refresh.refreshService(KEY);
        refresh.refreshService(KEY);
        refresh.refreshService(new ServiceKey("public", "DEFAULT_GROUP", "never-stored"));
        refresh.refreshNamespaces();

        assertEquals(List.of(), fired);
    }

    @Test
    void ephemeralInstancesOfTheServiceAreNotTheStoresToRemove() {
        ClientId ephemeral = ClientId.ofIpPort("10.0.0.9", 80, true);
        registry.connect(ephemeral, ClientKind.IP_PORT, "127.0.0.1:8848");
        Instance live = new Instance("e", "10.0.0.9", 80, 1, true, true, true, "DEFAULT", Map.of());
        registry.publish(ephemeral, KEY, List.of(live), ChangeOrigin.client(ephemeral));

        refresh.refreshService(KEY);

        assertEquals(List.of(live), shown());
    }

    @Test
    void settingsAPeerStoredAreDeclaredAndReplaced() {
        store.saveService(KEY, SETTINGS);
        refresh.refreshService(KEY);
        assertEquals(SETTINGS, registry.reader().serviceMeta(KEY).orElseThrow());

        ServiceMeta changed = new ServiceMeta(0.9f, Map.of(), Selector.NONE);
        store.saveService(KEY, changed);
        refresh.refreshService(KEY);
        assertEquals(changed, registry.reader().serviceMeta(KEY).orElseThrow());
    }

    @Test
    void aServiceAPeerDeletedGoesWithItsClusterSettings() {
        store.saveService(KEY, SETTINGS);
        store.saveCluster(KEY, InstanceClusterSettings.defaults("edge"));
        refresh.refreshService(KEY);

        store.deleteService(KEY);
        refresh.refreshService(KEY);

        assertTrue(registry.reader().serviceMeta(KEY).isEmpty());
        assertEquals(Map.of(), clusters.ofService(KEY));
        assertTrue(fired.contains(new ServiceRetired(KEY)));
    }

    @Test
    void clusterSettingsAreKeptExactlyAsStored() {
        InstanceClusterSettings http = new InstanceClusterSettings("edge",
                new HealthCheck(HealthCheck.Type.HTTP, "/ready", "", 200, 1000, 300, 2, 1), 8081, false, Map.of());
        store.saveService(KEY, SETTINGS);
        store.saveCluster(KEY, http);
        store.saveCluster(KEY, InstanceClusterSettings.defaults("DEFAULT"));
        refresh.refreshService(KEY);
        assertEquals(Map.of("edge", http, "DEFAULT", InstanceClusterSettings.defaults("DEFAULT")), clusters.ofService(KEY));

        store.clusters.get(KEY).remove("DEFAULT");
        refresh.refreshService(KEY);
        assertEquals(Map.of("edge", http), clusters.ofService(KEY));
    }

    @Test
    void namespacesAreAddedRenamedAndRemovedAsStored() {
        store.saveNamespace(new Namespace("dev", "Dev", ""));
        store.saveNamespace(new Namespace("old", "Old", ""));
        refresh.refreshNamespaces();

        store.saveNamespace(new Namespace("dev", "Development", "renamed"));
        store.deleteNamespace("old");
        store.saveNamespace(new Namespace("prod", "Prod", ""));
        refresh.refreshNamespaces();

        assertEquals(List.of("public", "dev", "prod"), namespaces.all().stream().map(Namespace::id).toList());
        assertEquals(new Namespace("dev", "Development", "renamed"), namespaces.find("dev").orElseThrow());
    }

    private List<Instance> shown() {
        return registry.reader().view(KEY).instances();
    }

    private static ClientId client(int port) {
        return ClientId.ofIpPort("10.0.0.1", port, false);
    }

    private static Instance instance(int port, double weight, boolean healthy) {
        return new Instance("10.0.0.1#" + port, "10.0.0.1", port, weight, healthy, true, false, "DEFAULT", Map.of());
    }
}
