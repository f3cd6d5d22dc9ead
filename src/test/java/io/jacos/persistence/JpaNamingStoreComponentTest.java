package io.jacos.persistence;

import io.jacos.application.NamingStore;
import io.jacos.application.NamingStore.StoredNaming;
import io.jacos.auth.Action;
import io.jacos.auth.UserAdmin;
import io.jacos.testing.LocalPostgres;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.HealthCheck;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.RegistryException;
import io.jacos.model.Selector;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store against real databases with both JPA providers the servers ship: embedded H2 (a temp folder) and
 * a local PostgreSQL, each with EclipseLink (Payara) and Hibernate (WildFly). The same mappings and the same
 * migration must give the same answers on all four.
 */
@DisplayName("JpaNamingStore on H2 and PostgreSQL, with EclipseLink and Hibernate")
class JpaNamingStoreComponentTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final ServiceKey BILLING = new ServiceKey("dev-ns", "APP_GROUP", "billing");

    private static LocalPostgres postgres;

    /** A database (H2 or PostgreSQL) and a provider; each test gets a fresh empty database of that kind. */
    record Target(boolean h2, String provider) {
        @Override
        public String toString() {
            return (h2 ? "H2" : "PostgreSQL") + " + " + provider.substring(provider.indexOf('.') + 1, provider.indexOf('.', 4));
        }
    }

    static Stream<Target> targets() {
        return Stream.of(true, false).flatMap(h2 -> Stream.of(JpaProviders.ECLIPSELINK, JpaProviders.HIBERNATE)
                .map(provider -> new Target(h2, provider)));
    }

    @BeforeAll
    static void startPostgres() {
        postgres = LocalPostgres.start();
    }

    @AfterAll
    static void stopPostgres() {
        if (postgres != null) {
            postgres.close();
        }
    }

    @TempDir
    Path folder;

    StorageConfig freshDatabase(Target target) throws IOException {
        StorageConfig config = target.h2() ? StorageConfig.h2(Files.createTempDirectory(folder, "h2").resolve("data"))
                : StorageConfig.postgresql(postgres.createDatabase("store_" + UUID.randomUUID().toString().replace("-", "")),
                LocalPostgres.USER, "", Map.of("maximumPoolSize", "3"));
        return config.withProvider(target.provider());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("every field of a service, a cluster and an instance comes back as it was saved")
    void roundTrip(Target target) throws IOException {
        ServiceMeta meta = new ServiceMeta(0.35f, Map.of("owner", "team-a", "tier", "gold"),
                new Selector(Selector.TYPE_LABEL, "CONSUMER.label.zone = PROVIDER.label.zone"));
        InstanceClusterSettings cluster = new InstanceClusterSettings("edge",
                new HealthCheck(HealthCheck.Type.HTTP, "/ready", "X-Probe:1|Accept:text/plain", 204, 4000, 1500, 3, 2),
                9090, false, Map.of("rack", "r1"));
        Instance instance = new Instance("10.0.0.5#8080#edge#DEFAULT_GROUP@@orders", "10.0.0.5", 8080, 2.5, false,
                false, false, "edge", Map.of("version", "1.4", "zone", "eu-1", "empty", ""));
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            store.saveService(ORDERS, meta);
            store.saveCluster(ORDERS, cluster);
            store.saveInstance(ORDERS, instance);

            StoredNaming loaded = store.load();

            assertEquals(Map.of(ORDERS, meta), loaded.services());
            assertEquals(Map.of(ORDERS, List.of(cluster)), loaded.clusters());
            assertEquals(Map.of(ORDERS, List.of(instance)), loaded.instances());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("a save at the same key replaces; services, clusters and instances stay apart per service")
    void replace(Target target) throws IOException {
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            store.saveService(ORDERS, new ServiceMeta(0.1f, Map.of("a", "1"), Selector.NONE));
            store.saveService(ORDERS, new ServiceMeta(0.9f, Map.of("b", "2"), Selector.NONE));
            store.saveService(BILLING, ServiceMeta.DEFAULT);
            store.saveCluster(ORDERS, InstanceClusterSettings.defaults("DEFAULT"));
            store.saveCluster(ORDERS, new InstanceClusterSettings("DEFAULT", HealthCheck.TCP, 7000, false, Map.of()));
            store.saveInstance(ORDERS, instance("10.0.0.1", 80, 1.0));
            store.saveInstance(ORDERS, instance("10.0.0.1", 80, 3.0));
            store.saveInstance(ORDERS, instance("10.0.0.1", 81, 1.0));
            store.saveInstance(BILLING, instance("10.0.0.1", 80, 1.0));

            StoredNaming loaded = store.load();

            assertEquals(new ServiceMeta(0.9f, Map.of("b", "2"), Selector.NONE), loaded.services().get(ORDERS));
            assertEquals(new ServiceMeta(0f, Map.of(), Selector.NONE), loaded.services().get(BILLING),
                    "a stored service is a declared one");
            assertEquals(List.of(new InstanceClusterSettings("DEFAULT", HealthCheck.TCP, 7000, false, Map.of())),
                    loaded.clusters().get(ORDERS));
            assertEquals(List.of(instance("10.0.0.1", 80, 3.0), instance("10.0.0.1", 81, 1.0)),
                    loaded.instances().get(ORDERS));
            assertEquals(List.of(instance("10.0.0.1", 80, 1.0)), loaded.instances().get(BILLING));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("deletes remove exactly their rows and say whether an instance was there")
    void delete(Target target) throws IOException {
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            store.saveService(ORDERS, new ServiceMeta(0.5f, Map.of(), Selector.NONE));
            store.saveCluster(ORDERS, InstanceClusterSettings.defaults("a"));
            store.saveCluster(ORDERS, InstanceClusterSettings.defaults("b"));
            store.saveService(BILLING, new ServiceMeta(0.5f, Map.of(), Selector.NONE));
            store.saveCluster(BILLING, InstanceClusterSettings.defaults("a"));
            store.saveInstance(ORDERS, instance("10.0.0.1", 80, 1.0));
            store.saveInstance(ORDERS, instance("10.0.0.2", 80, 1.0));

            assertTrue(store.deleteInstance(ORDERS, "10.0.0.1", 80));
            assertFalse(store.deleteInstance(ORDERS, "10.0.0.1", 80), "already gone");
            assertFalse(store.deleteInstance(BILLING, "10.0.0.2", 80), "another service's key");
            store.deleteService(ORDERS);
            store.deleteService(new ServiceKey("public", "DEFAULT_GROUP", "never-saved"));

            StoredNaming loaded = store.load();
            assertEquals(Map.of(BILLING, new ServiceMeta(0.5f, Map.of(), Selector.NONE)), loaded.services());
            assertEquals(Map.of(BILLING, List.of(InstanceClusterSettings.defaults("a"))), loaded.clusters());
            assertEquals(Map.of(ORDERS, List.of(instance("10.0.0.2", 80, 1.0))), loaded.instances(),
                    "a service's instances are the caller's to delete");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("namespaces are saved, replaced and deleted by id")
    void namespaces(Target target) throws IOException {
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            store.saveNamespace(new Namespace("dev", "Development", "the dev team's"));
            store.saveNamespace(new Namespace("dev", "Dev", "renamed"));
            store.saveNamespace(new Namespace("prod", "Production", ""));
            store.saveNamespace(new Namespace("gone", "Gone", ""));
            store.deleteNamespace("gone");
            store.deleteNamespace("never-saved");

            assertEquals(List.of(new Namespace("dev", "Dev", "renamed"), new Namespace("prod", "Production", "")),
                    store.load().namespaces());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("deleting a namespace removes the grants made in it, and no others")
    void namespaceGrants(Target target) throws IOException {
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            JdbcAuthStore auth = new JdbcAuthStore(storage.dataSource());
            store.saveNamespace(new Namespace("gone", "Gone", ""));
            store.saveNamespace(new Namespace("kept", "Kept", ""));
            UserAdmin.Permission inKept = new UserAdmin.Permission("readers", "kept", Set.of(Action.READ));
            UserAdmin.Permission everywhere = new UserAdmin.Permission("readers", "*", Set.of(Action.READ));
            auth.savePermission(new UserAdmin.Permission("readers", "gone", Set.of(Action.READ, Action.WRITE)));
            auth.savePermission(new UserAdmin.Permission("writers", "gone", Set.of(Action.WRITE)));
            auth.savePermission(inKept);
            auth.savePermission(everywhere);
            UserAdmin.Permission narrowInKept = new UserAdmin.Permission("readers", "kept", "GRP:config/a.yaml",
                    Set.of(Action.READ));
            auth.savePermission(narrowInKept);
            auth.savePermission(new UserAdmin.Permission("readers", "gone", "GRP:naming/orders", Set.of(Action.READ)));

            store.deleteNamespace("gone");

            assertEquals(List.of(everywhere, inKept, narrowInKept), auth.permissions());
            store.saveNamespace(new Namespace("gone", "Gone again", ""));
            assertEquals(List.of(everywhere, inKept, narrowInKept), auth.permissions(),
                    "a namespace made again starts with none");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("one service reads back alone: its settings, clusters and instances, nothing of its neighbours")
    void loadService(Target target) throws IOException {
        ServiceKey sameNameElsewhere = new ServiceKey("dev-ns", "DEFAULT_GROUP", "orders");
        ServiceMeta meta = new ServiceMeta(0.4f, Map.of("tier", "gold"), Selector.NONE);
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            store.saveService(ORDERS, meta);
            store.saveCluster(ORDERS, InstanceClusterSettings.defaults("b"));
            store.saveCluster(ORDERS, InstanceClusterSettings.defaults("a"));
            store.saveInstance(ORDERS, instance("10.0.0.2", 80, 1.0));
            store.saveInstance(ORDERS, instance("10.0.0.1", 81, 2.0));
            store.saveService(sameNameElsewhere, ServiceMeta.DEFAULT);
            store.saveCluster(sameNameElsewhere, InstanceClusterSettings.defaults("c"));
            store.saveInstance(sameNameElsewhere, instance("10.0.0.9", 80, 1.0));
            store.saveInstance(BILLING, instance("10.0.0.3", 80, 1.0));

            NamingStore.StoredService orders = store.loadService(ORDERS);
            NamingStore.StoredService billing = store.loadService(BILLING);
            NamingStore.StoredService unknown = store.loadService(new ServiceKey("public", "DEFAULT_GROUP", "none"));

            assertEquals(Optional.of(meta), orders.settings());
            assertEquals(List.of(InstanceClusterSettings.defaults("a"), InstanceClusterSettings.defaults("b")), orders.clusters());
            assertEquals(List.of(instance("10.0.0.1", 81, 2.0), instance("10.0.0.2", 80, 1.0)), orders.instances());
            assertEquals(new NamingStore.StoredService(Optional.empty(), List.of(), List.of(instance("10.0.0.3", 80, 1.0))),
                    billing, "instances without settings");
            assertEquals(new NamingStore.StoredService(Optional.empty(), List.of(), List.of()), unknown);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("the namespaces read back alone, by id")
    void loadNamespaces(Target target) throws IOException {
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            assertEquals(List.of(), store.loadNamespaces());
            store.saveNamespace(new Namespace("prod", "Production", ""));
            store.saveNamespace(new Namespace("dev", "Dev", "the dev team's"));

            assertEquals(List.of(new Namespace("dev", "Dev", "the dev team's"), new Namespace("prod", "Production", "")),
                    store.loadNamespaces());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("a second start finds the schema migrated, applies nothing and loads what the first stored")
    void secondStart(Target target) throws IOException {
        StorageConfig config = freshDatabase(target);
        try (Storage first = Storage.open(config)) {
            new JpaNamingStore(first).saveInstance(ORDERS, instance("10.0.0.1", 80, 1.0));
        }
        try (Storage second = Storage.open(config)) {
            assertEquals(0, SchemaMigration.migrate(second.dataSource()).migrationsExecuted);
            assertEquals(Map.of(ORDERS, List.of(instance("10.0.0.1", 80, 1.0))),
                    new JpaNamingStore(second).load().instances());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("targets")
    @DisplayName("a write the database refuses throws 500 and changes nothing, and the store keeps working")
    void failedWrite(Target target) throws IOException {
        try (Storage storage = Storage.open(freshDatabase(target))) {
            JpaNamingStore store = new JpaNamingStore(storage);
            store.saveInstance(ORDERS, instance("10.0.0.1", 80, 1.0));
            StoredNaming before = store.load();
            Instance tooLongCluster = new Instance("id", "10.0.0.1", 80, 9.0, true, true, false, "c".repeat(200), Map.of());
            ServiceKey tooLongNamespace = new ServiceKey("n".repeat(200), "G", "s");

            RegistryException replace = assertThrows(RegistryException.class,
                    () -> store.saveInstance(ORDERS, tooLongCluster));
            RegistryException create = assertThrows(RegistryException.class,
                    () -> store.saveService(tooLongNamespace, ServiceMeta.DEFAULT));

            assertEquals(RegistryException.SERVER_ERROR, replace.code());
            assertEquals(RegistryException.SERVER_ERROR, create.code());
            assertEquals(before, store.load());
            store.saveInstance(ORDERS, instance("10.0.0.1", 80, 4.0));
            assertEquals(List.of(instance("10.0.0.1", 80, 4.0)), store.load().instances().get(ORDERS));
        }
    }

    private static Instance instance(String ip, int port, double weight) {
        return new Instance(ip + "#" + port, ip, port, weight, true, true, false, Instance.DEFAULT_CLUSTER, Map.of());
    }
}
