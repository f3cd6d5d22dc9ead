package io.jacos.auth;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Password hashes as stored: {@code pbkdf2-sha256$<iterations>$<salt>$<hash>} (base64), PBKDF2-HMAC-SHA256 with a
 * random 16-byte salt per user. The iteration count travels in the string, so raising the default later leaves old
 * hashes verifiable. 210,000 iterations is OWASP's 2023 advice for this algorithm; a login costs about 0.1-0.3 s of
 * one core, paid once per client per token lifetime (hours), never per request.
 */
public final class PasswordHash {

    public static final int DEFAULT_ITERATIONS = 210_000;
    static final String SCHEME = "pbkdf2-sha256";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;

    private final SecureRandom random;
    private final int iterations;

    public PasswordHash(SecureRandom random, int iterations) {
        this.random = random;
        this.iterations = iterations;
    }

    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return SCHEME + '$' + iterations + '$' + b64.encodeToString(salt) + '$'
                + b64.encodeToString(derive(password, salt, iterations));
    }

    /** Whether the password matches the stored hash; false for a malformed hash (never an exception). */
    public static boolean matches(String password, String stored) {
        if (password == null || stored == null) {
            return false;
        }
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !SCHEME.equals(parts[0])) {
            return false;
        }
        try {
            int rounds = Integer.parseInt(parts[1]);
            if (rounds < 1 || rounds > 10_000_000) {
                return false;
            }
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            return MessageDigest.isEqual(expected, derive(password, salt, rounds));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static byte[] derive(String password, byte[] salt, int rounds) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, rounds, HASH_BITS);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is not available in this JDK", e);
        } finally {
            spec.clearPassword();
        }
    }
}
