package io.jacos.auth;

import io.jacos.event.StoredNamespacesChanged;
import io.jacos.settings.AuthSettings;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NacosAuthGateTest {

    private final AuthFixture auth = new AuthFixture();

    @Test
    void theAdminMayDoAnything() {
        String token = auth.login("nacos", AuthFixture.ADMIN_PASSWORD);
        assertTrue(auth.gate.requireAdmin(token).globalAdmin());
        assertEquals("nacos", auth.gate.authorize(token, "any-ns", Action.WRITE).username());
    }

    @Test
    void aReadOnlyUserReadsButDoesNotWrite() {
        auth.users.createUser("reader", "reader-pass-1");
        auth.users.bindRole("readers", "reader");
        auth.users.grant(new UserAdmin.Permission("readers", "ns-1", Set.of(Action.READ)));
        String token = auth.login("reader", "reader-pass-1");
        auth.gate.authorize(token, "ns-1", Action.READ);
        assertForbidden(() -> auth.gate.authorize(token, "ns-1", Action.WRITE));
        assertForbidden(() -> auth.gate.authorize(token, "public", Action.READ));
        assertForbidden(() -> auth.gate.requireAdmin(token));
    }

    @Test
    void aNarrowerGrantCoversWhatItNamesAndNoMore() {
        auth.users.createUser("narrow", "narrow-pass-1");
        auth.users.bindRole("narrows", "narrow");
        auth.users.grant(new UserAdmin.Permission("narrows", "ns-1", "GRP:config/a.yaml",
                Set.of(Action.READ, Action.WRITE)));
        auth.users.grant(new UserAdmin.Permission("narrows", "ns-1", "GRP:naming/orders", Set.of(Action.READ)));
        String token = auth.login("narrow", "narrow-pass-1");
        auth.gate.authorizeOn(token, Resource.config("ns-1", "GRP", "a.yaml"), Action.WRITE);
        auth.gate.authorizeOn(token, Resource.naming("ns-1", "GRP", "orders"), Action.READ);
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.naming("ns-1", "GRP", "orders"), Action.WRITE));
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.config("ns-1", "GRP", "b.yaml"), Action.READ));
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.config("ns-1", "X", "a.yaml"), Action.READ));
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.config("ns-2", "GRP", "a.yaml"), Action.READ));
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.config("ns-1", null, null), Action.READ));
        assertForbidden(() -> auth.gate.authorize(token, "ns-1", Action.READ));

        auth.users.revoke(new UserAdmin.Permission("narrows", "ns-1", "GRP:config/a.yaml", Set.of(Action.WRITE)));
        auth.gate.authorizeOn(token, Resource.config("ns-1", "GRP", "a.yaml"), Action.READ);
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.config("ns-1", "GRP", "a.yaml"), Action.WRITE));
    }

    @Test
    void aWholeNamespaceGrantCoversEveryResourceInIt() {
        auth.users.createUser("whole", "whole-pass-1");
        auth.users.bindRole("wholes", "whole");
        auth.users.grant(new UserAdmin.Permission("wholes", "ns-1", Set.of(Action.READ)));
        String token = auth.login("whole", "whole-pass-1");
        auth.gate.authorizeOn(token, Resource.config("ns-1", null, null), Action.READ);
        auth.gate.authorizeOn(token, Resource.naming("ns-1", "G", "s"), Action.READ);
        assertForbidden(() -> auth.gate.authorizeOn(token, Resource.naming("ns-2", "G", "s"), Action.READ));
    }

    @Test
    void aBlankNamespaceIsPublic() {
        auth.users.createUser("writer", "writer-pass-1");
        auth.users.bindRole("writers", "writer");
        auth.users.grant(new UserAdmin.Permission("writers", "public", Set.of(Action.READ, Action.WRITE)));
        String token = auth.login("writer", "writer-pass-1");
        auth.gate.authorize(token, "", Action.WRITE);
        auth.gate.authorize(token, null, Action.WRITE);
    }

    @Test
    void grantsAreReadOncePerCacheLifetime() {
        String token = auth.login("nacos", AuthFixture.ADMIN_PASSWORD);
        auth.gate.identify(token);
        int reads = auth.store.reads.get();
        for (int i = 0; i < 100; i++) {
            auth.gate.identify(token);
        }
        assertEquals(reads, auth.store.reads.get());
        auth.clock.advance(5000);
        auth.gate.identify(token);
        assertEquals(reads + 1, auth.store.reads.get());
    }

    @Test
    void aDeletedUsersTokenStopsWorking() {
        auth.users.createUser("gone", "gone-pass-12");
        String token = auth.login("gone", "gone-pass-12");
        auth.gate.identify(token);
        auth.users.deleteUser("gone");
        assertEquals(AccessRefused.Reason.INVALID_TOKEN,
                assertThrows(AccessRefused.class, () -> auth.gate.identify(token)).reason());
    }

    @Test
    void aPasswordChangeEndsTheTokensIssuedBefore() {
        auth.users.createUser("carol", "carol-pass-1");
        String before = auth.login("carol", "carol-pass-1");
        auth.gate.identify(before);
        auth.users.changePassword("carol", "carol-pass-2");
        assertEquals(AccessRefused.Reason.INVALID_TOKEN,
                assertThrows(AccessRefused.class, () -> auth.gate.identify(before)).reason());
        assertEquals("carol", auth.gate.identify(auth.login("carol", "carol-pass-2")).username());
    }

    @Test
    void anotherNodeRefusesTheOldTokenOnceItsCacheRefreshes() {
        NacosAuthGate otherNode = new NacosAuthGate(auth.settings, auth.tokens, auth.store, auth.clock);
        auth.users.createUser("dave", "dave-pass-11");
        String before = auth.login("dave", "dave-pass-11");
        otherNode.identify(before);
        auth.users.changePassword("dave", "dave-pass-11");
        // Within jacos.auth.cache-millis the other node still holds what it read (no database read per request).
        otherNode.identify(before);
        auth.clock.advance(5000);
        assertEquals(AccessRefused.Reason.INVALID_TOKEN,
                assertThrows(AccessRefused.class, () -> otherNode.identify(before)).reason());
    }

    @Test
    void aChangeOfTheNamespacesForgetsTheCachedGrants() {
        auth.users.createUser("erin", "erin-pass-11");
        auth.users.bindRole("erins", "erin");
        auth.users.grant(new UserAdmin.Permission("erins", "ns-gone", Set.of(Action.READ)));
        String token = auth.login("erin", "erin-pass-11");
        auth.gate.authorize(token, "ns-gone", Action.READ);
        // What the naming store's namespace delete does to the grants, in its own transaction.
        auth.store.permissions.clear();
        auth.gate.namespacesChanged(new StoredNamespacesChanged());
        assertForbidden(() -> auth.gate.authorize(token, "ns-gone", Action.READ));
    }

    @Test
    void missingAndBadTokensAreRefused() {
        assertEquals(AccessRefused.Reason.MISSING_TOKEN,
                assertThrows(AccessRefused.class, () -> auth.gate.identify(null)).reason());
        assertEquals(AccessRefused.Reason.MISSING_TOKEN,
                assertThrows(AccessRefused.class, () -> auth.gate.identify(" ")).reason());
        assertEquals(AccessRefused.Reason.INVALID_TOKEN,
                assertThrows(AccessRefused.class, () -> auth.gate.identify("abc")).reason());
    }

    @Test
    void withAuthOffEveryoneIsUnchecked() {
        AuthSettings off = AuthSettings.of(false, null, null);
        NacosAuthGate gate = new NacosAuthGate(off, auth.tokens, auth.store, auth.clock);
        assertFalse(gate.enabled());
        assertSame(Identity.UNCHECKED, gate.authorize(null, "x", Action.WRITE));
    }

    /** Every request of a client carries the same token, so each check of it must answer the same identity. */
    @Test
    void aRepeatedCheckAnswersTheSame() {
        String token = auth.login("nacos", AuthFixture.ADMIN_PASSWORD);
        Identity first = auth.gate.authorize(token, "public", Action.WRITE);
        for (int i = 0; i < 10_000; i++) {
            assertEquals(first, auth.gate.authorize(token, "public", Action.WRITE));
        }
        assertEquals("nacos", first.username());
    }

    private static void assertForbidden(Runnable check) {
        assertEquals(AccessRefused.Reason.FORBIDDEN, assertThrows(AccessRefused.class, check::run).reason());
    }
}
