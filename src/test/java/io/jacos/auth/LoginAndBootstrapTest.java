package io.jacos.auth;

import io.jacos.settings.AuthSettings;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoginAndBootstrapTest {

    private final AuthFixture auth = new AuthFixture();

    @Test
    void loginAnswersWhatTheClientsRead() {
        LoginService.LoginResult result = auth.logins.login("nacos", AuthFixture.ADMIN_PASSWORD, "10.0.0.1");
        assertEquals(18000, result.tokenTtlSeconds());
        assertTrue(result.globalAdmin());
        assertEquals("nacos", result.username());
        assertEquals(3, result.accessToken().split("\\.").length);
    }

    @Test
    void wrongPasswordsAndUnknownUsersLookAlike() {
        AccessRefused wrong = assertThrows(AccessRefused.class, () -> auth.login("nacos", "wrong-password"));
        AccessRefused unknown = assertThrows(AccessRefused.class, () -> auth.login("nobody", "wrong-password"));
        assertEquals(AccessRefused.Reason.BAD_CREDENTIALS, wrong.reason());
        assertEquals(wrong.getMessage(), unknown.getMessage());
        assertFalse(wrong.getMessage().contains("wrong-password"));
    }

    @Test
    void repeatedFailuresAreThrottledForTheAddressAndTheUser() {
        auth.users.createUser("alice", "alice-pass-1");
        for (int i = 0; i < 10; i++) {
            assertThrows(AccessRefused.class, () -> auth.logins.login("nacos", "bad-guess", "10.9.9.9"));
        }
        assertEquals(AccessRefused.Reason.TOO_MANY_ATTEMPTS, assertThrows(AccessRefused.class,
                () -> auth.logins.login("alice", "alice-pass-1", "10.9.9.9")).reason());
        assertEquals(AccessRefused.Reason.TOO_MANY_ATTEMPTS, assertThrows(AccessRefused.class,
                () -> auth.logins.login("nacos", AuthFixture.ADMIN_PASSWORD, "10.0.0.2")).reason());
        auth.logins.login("alice", "alice-pass-1", "10.0.0.2");
        auth.clock.advance(60_000);
        auth.logins.login("nacos", AuthFixture.ADMIN_PASSWORD, "10.9.9.9");
    }

    @Test
    void withAuthOffLoginAlwaysSucceedsWithAnEmptyToken() {
        NacosLoginService off = new NacosLoginService(AuthSettings.of(false, null, null), auth.store, auth.tokens,
                auth.gate, auth.clock);
        assertEquals("", off.login("anyone", "anything", "10.0.0.1").accessToken());
    }

    @Test
    void withoutAnAdminAndWithoutAPasswordTheServerRefuses() {
        MemoryAuthStore empty = new MemoryAuthStore();
        IllegalStateException refusal = assertThrows(IllegalStateException.class, () -> AdminBootstrap.ensureAdmin(
                AuthSettings.of(true, null, null), empty, new PasswordHash(new SecureRandom(), 1000)));
        assertTrue(refusal.getMessage().contains("nacos.core.auth.admin.password"));
        assertTrue(refusal.getMessage().contains("NACOS_CORE_AUTH_ADMIN_PASSWORD"));
        assertThrows(IllegalStateException.class, () -> AdminBootstrap.ensureAdmin(
                AuthSettings.of(true, "short", null), empty, new PasswordHash(new SecureRandom(), 1000)));
        assertTrue(empty.users.isEmpty());
    }

    @Test
    void anExistingNonAdminNacosUserIsNotPromoted() {
        MemoryAuthStore store = new MemoryAuthStore();
        store.createUser("nacos", "someone-elses-hash");
        assertThrows(IllegalStateException.class, () -> AdminBootstrap.ensureAdmin(
                AuthSettings.of(true, "long-enough-pw", null), store, new PasswordHash(new SecureRandom(), 1000)));
        assertTrue(store.bindings.isEmpty());
    }

    @Test
    void theSettingNeverResetsAnExistingAdminsPassword() {
        AuthSettings other = AuthSettings.of(true, "another-password", null);
        assertEquals(AdminBootstrap.Outcome.ADMIN_EXISTS, AdminBootstrap.ensureAdmin(other, auth.store,
                new PasswordHash(new SecureRandom(), 1000)));
        auth.login("nacos", AuthFixture.ADMIN_PASSWORD);
        assertThrows(AccessRefused.class, () -> auth.login("nacos", "another-password"));
    }

    @Test
    void twoInstallationsNeverShareATokenKey() {
        byte[] first = keyOf(new MemoryAuthStore(), AuthFixture.standalone(), null);
        byte[] second = keyOf(new MemoryAuthStore(), AuthFixture.standalone(), null);
        assertFalse(Arrays.equals(first, second));
        MemoryAuthStore kept = new MemoryAuthStore();
        assertArrayEquals(keyOf(kept, AuthFixture.standalone(), null), keyOf(kept, AuthFixture.standalone(), null));
    }

    @Test
    void theSettingOrTheClusterSecretGiveTheKey() {
        String configured = Base64.getEncoder().encodeToString(new byte[40]);
        assertArrayEquals(new byte[40], keyOf(new MemoryAuthStore(), AuthFixture.standalone(), configured));
        byte[] nodeA = keyOf(new MemoryAuthStore(), AuthFixture.secret(true, "s3cret-of-the-cluster"), null);
        byte[] nodeB = keyOf(new MemoryAuthStore(), AuthFixture.secret(true, "s3cret-of-the-cluster"), null);
        assertArrayEquals(nodeA, nodeB);
        assertFalse(Arrays.equals(nodeA, keyOf(new MemoryAuthStore(), AuthFixture.secret(true, "other"), null)));
        assertThrows(IllegalStateException.class, () -> keyOf(new MemoryAuthStore(), AuthFixture.standalone(),
                Base64.getEncoder().encodeToString(new byte[16])));
        assertThrows(IllegalStateException.class, () -> keyOf(new MemoryAuthStore(), AuthFixture.standalone(),
                "not base64!"));
    }

    private static byte[] keyOf(MemoryAuthStore store, io.jacos.infrastructure.ClusterSecret secret, String configured) {
        return new TokenKeySource(AuthSettings.of(true, null, configured), secret, store, new SecureRandom()).key();
    }
}
