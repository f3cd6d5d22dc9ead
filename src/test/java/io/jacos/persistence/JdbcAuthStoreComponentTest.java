package io.jacos.persistence;

import io.jacos.auth.Action;
import io.jacos.auth.UserAdmin;
import io.jacos.testing.LocalPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The auth tables (migration V3) on H2 and PostgreSQL through plain JDBC. */
class JdbcAuthStoreComponentTest {

    private static LocalPostgres postgres;

    @TempDir
    Path folder;

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

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void usersRolesPermissionsAndTheKeyRoundTrip(boolean h2) throws Exception {
        StorageConfig config = h2 ? StorageConfig.h2(Files.createTempDirectory(folder, "h2").resolve("data"))
                : StorageConfig.postgresql(postgres.createDatabase("auth_" + UUID.randomUUID().toString().replace("-", "")),
                LocalPostgres.USER, "", Map.of("maximumPoolSize", "2"));
        try (Storage storage = Storage.open(config)) {
            JdbcAuthStore store = new JdbcAuthStore(storage.dataSource());
            assertTrue(store.createUser("alice", "hash-1"));
            assertFalse(store.createUser("alice", "hash-2"));
            assertTrue(store.updatePassword("alice", "hash-3"));
            assertFalse(store.updatePassword("bob", "hash-3"));
            assertEquals(Optional.of("hash-3"), store.passwordHash("alice"));
            assertTrue(store.bindRole("readers", "alice"));
            assertFalse(store.bindRole("readers", "alice"));
            store.savePermission(new UserAdmin.Permission("readers", "ns-1", Set.of(Action.READ, Action.WRITE)));
            store.savePermission(new UserAdmin.Permission("readers", "ns-1", Set.of(Action.READ)));
            assertEquals(List.of(new UserAdmin.Permission("readers", "ns-1", Set.of(Action.READ))), store.permissions());
            store.savePermission(new UserAdmin.Permission("readers", "ns-1", Set.of()));
            assertEquals(List.of(), store.permissions());
            assertEquals(List.of(new UserAdmin.RoleBinding("readers", "alice")), store.roleBindings());
            assertTrue(store.deleteUser("alice"));
            assertEquals(List.of(), store.roleBindings());
            assertEquals(List.of(), store.usernames());

            assertTrue(store.tokenKey().isEmpty());
            byte[] first = new byte[32];
            first[0] = 1;
            assertArrayEquals(first, store.storeTokenKeyIfAbsent(first));
            assertArrayEquals(first, store.storeTokenKeyIfAbsent(new byte[32]));
        }
    }
}
