package io.jacos.persistence;

import io.jacos.auth.Action;
import io.jacos.auth.UserAdmin;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The auth tables (migration V3) on H2 and PostgreSQL through plain JDBC. */
class JdbcAuthStoreComponentTest extends OnH2AndPostgres {

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void usersRolesPermissionsAndTheKeyRoundTrip(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
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
            // A narrower grant is its own row: keyed by its scope too, beside the namespace's.
            UserAdmin.Permission whole = new UserAdmin.Permission("readers", "ns-1", Set.of(Action.WRITE));
            UserAdmin.Permission oneConfig = new UserAdmin.Permission("readers", "ns-1", "GRP:config/a:b.yaml",
                    Set.of(Action.READ));
            UserAdmin.Permission services = new UserAdmin.Permission("readers", "ns-1", "*:naming/*",
                    Set.of(Action.READ, Action.WRITE));
            store.savePermission(whole);
            store.savePermission(oneConfig);
            store.savePermission(services);
            assertEquals(List.of(whole, services, oneConfig), store.permissions());
            store.savePermission(new UserAdmin.Permission("readers", "ns-1", "*:naming/*", Set.of()));
            store.savePermission(new UserAdmin.Permission("readers", "ns-1", Set.of()));
            assertEquals(List.of(oneConfig), store.permissions());
            store.savePermission(new UserAdmin.Permission("readers", "ns-1", "GRP:config/a:b.yaml", Set.of()));
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
