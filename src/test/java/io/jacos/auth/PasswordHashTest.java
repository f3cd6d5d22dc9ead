package io.jacos.auth;

import org.junit.jupiter.api.Test;

import java.security.SecureRandom;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PasswordHashTest {

    private final PasswordHash hasher = new PasswordHash(new SecureRandom(), 1000);

    @Test
    void matchesOnlyTheRightPassword() {
        String stored = hasher.hash("correct horse");
        assertTrue(stored.startsWith("pbkdf2-sha256$1000$"), stored);
        assertTrue(PasswordHash.matches("correct horse", stored));
        assertFalse(PasswordHash.matches("correct hors", stored));
        assertFalse(PasswordHash.matches("", stored));
    }

    @Test
    void eachHashHasItsOwnSalt() {
        assertNotEquals(hasher.hash("same password"), hasher.hash("same password"));
    }

    @Test
    void malformedHashesNeverMatch() {
        assertFalse(PasswordHash.matches("x", null));
        assertFalse(PasswordHash.matches("x", "plain"));
        assertFalse(PasswordHash.matches("x", "pbkdf2-sha256$abc$AAAA$AAAA"));
        assertFalse(PasswordHash.matches("x", "pbkdf2-sha256$0$AAAA$AAAA"));
        assertFalse(PasswordHash.matches("x", "pbkdf2-sha256$99999999$AAAA$AAAA"));
        assertFalse(PasswordHash.matches("x", "pbkdf2-sha256$10$!!$AAAA"));
    }

    @Test
    void theIterationCountTravelsWithTheHash() {
        String older = new PasswordHash(new SecureRandom(), 500).hash("pw-123456");
        assertTrue(PasswordHash.matches("pw-123456", older));
    }

    /** The cost at the default, printed: the reason a login takes the time it does. */
    @Test
    void defaultIterationsCost() {
        PasswordHash real = new PasswordHash(new SecureRandom(), PasswordHash.DEFAULT_ITERATIONS);
        String stored = real.hash("warm-up-pw");
        long start = System.nanoTime();
        assertTrue(PasswordHash.matches("warm-up-pw", stored));
        System.out.printf("PBKDF2-HMAC-SHA256 %d iterations: %d ms per verification%n",
                PasswordHash.DEFAULT_ITERATIONS, (System.nanoTime() - start) / 1_000_000);
    }
}
