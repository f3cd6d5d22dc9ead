package io.jacos.auth;

import io.jacos.settings.AuthSettings;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class NacosUserAdminTest {

    private final AuthFixture auth = new AuthFixture();

    @Test
    void usersRolesAndGrantsRoundTrip() {
        auth.users.createUser("ops", "ops-pass-123");
        auth.users.bindRole("operators", "ops");
        auth.users.grant(new UserAdmin.Permission("operators", "ns-a", Set.of(Action.READ)));
        auth.users.grant(new UserAdmin.Permission("operators", "ns-a", Set.of(Action.WRITE)));
        assertEquals(List.of(new UserAdmin.Permission("operators", "ns-a", Set.of(Action.READ, Action.WRITE))),
                auth.users.permissions());
        auth.users.revoke(new UserAdmin.Permission("operators", "ns-a", Set.of(Action.WRITE)));
        assertEquals(Set.of(Action.READ), auth.users.permissions().get(0).actions());
        assertEquals(List.of("operators"), auth.users.users().stream().filter(u -> u.username().equals("ops"))
                .findFirst().orElseThrow().roles());
    }

    @Test
    void refusalsChangeNothing() {
        assertKind(UserAdmin.Refused.Kind.INVALID, () -> auth.users.createUser("bad name", "long-enough"));
        assertKind(UserAdmin.Refused.Kind.INVALID, () -> auth.users.createUser("short", "1234567"));
        assertKind(UserAdmin.Refused.Kind.CONFLICT, () -> auth.users.createUser("nacos", "long-enough"));
        assertKind(UserAdmin.Refused.Kind.UNKNOWN, () -> auth.users.changePassword("nobody", "long-enough"));
        assertKind(UserAdmin.Refused.Kind.UNKNOWN, () -> auth.users.bindRole("r", "nobody"));
        assertKind(UserAdmin.Refused.Kind.CONFLICT, () -> auth.users.deleteUser("nacos"));
        assertKind(UserAdmin.Refused.Kind.CONFLICT, () -> auth.users.unbindRole(UserAdmin.ADMIN_ROLE, "nacos"));
        assertKind(UserAdmin.Refused.Kind.UNKNOWN, () -> auth.users.revoke(
                new UserAdmin.Permission("r", "ns", Set.of(Action.READ))));
        assertEquals(1, auth.users.users().size());
    }

    @Test
    void aSecondAdminMakesTheFirstRemovable() {
        auth.users.createUser("root2", "root2-pass");
        auth.users.bindRole(UserAdmin.ADMIN_ROLE, "root2");
        auth.users.unbindRole(UserAdmin.ADMIN_ROLE, "nacos");
        assertKind(UserAdmin.Refused.Kind.CONFLICT, () -> auth.users.deleteUser("root2"));
    }

    @Test
    void withAuthOffNothingCanBeChanged() {
        NacosUserAdmin off = new NacosUserAdmin(AuthSettings.of(false, null, null), auth.store, auth.gate);
        assertKind(UserAdmin.Refused.Kind.INVALID, () -> off.createUser("planted", "planted-pass"));
        assertKind(UserAdmin.Refused.Kind.INVALID, () -> off.bindRole(UserAdmin.ADMIN_ROLE, "nacos"));
        assertEquals(1, off.users().size());
    }

    private static void assertKind(UserAdmin.Refused.Kind kind, Runnable change) {
        assertEquals(kind, assertThrows(UserAdmin.Refused.class, change::run).kind());
    }
}
