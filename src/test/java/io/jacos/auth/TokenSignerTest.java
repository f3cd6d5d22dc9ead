package io.jacos.auth;

import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TokenSignerTest {

    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private final SteppedClock clock = new SteppedClock(1_700_000_000_000L);
    private final TokenSigner signer = new TokenSigner(KEY, clock);

    private static final String STAMP = "c3RhbXA";

    @Test
    void aTokenNamesItsUserUntilItExpires() {
        String token = signer.issue("alice", STAMP, 60);
        assertEquals(new TokenSigner.Claims("alice", STAMP), signer.verify(token));
        clock.advance(59_999);
        assertEquals("alice", signer.verify(token).username());
        clock.advance(1);
        assertEquals(AccessRefused.Reason.EXPIRED_TOKEN, assertThrows(AccessRefused.class,
                () -> signer.verify(token)).reason());
    }

    @Test
    void anotherSpellingOfTheSameSignatureIsRefused() {
        String token = signer.issue("alice", STAMP, 60);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        char last = token.charAt(token.length() - 1);
        // 32 signature bytes leave the low two bits of the 43rd character unused: this spelling decodes the same.
        String respelled = token.substring(0, token.length() - 1) + alphabet.charAt(alphabet.indexOf(last) ^ 1);
        String signature = token.substring(token.lastIndexOf('.') + 1);
        String respelledSignature = respelled.substring(respelled.lastIndexOf('.') + 1);
        assertEquals(java.util.Arrays.toString(Base64.getUrlDecoder().decode(signature)),
                java.util.Arrays.toString(Base64.getUrlDecoder().decode(respelledSignature)));
        assertEquals(AccessRefused.Reason.INVALID_TOKEN, assertThrows(AccessRefused.class,
                () -> signer.verify(respelled)).reason());
    }

    @Test
    void theCredentialStampIsKeyedAndFollowsTheHash() {
        String stamp = signer.credentialStamp("pbkdf2-sha256$1000$salt$hash");
        assertEquals(stamp, signer.credentialStamp("pbkdf2-sha256$1000$salt$hash"));
        assertNotEquals(stamp, signer.credentialStamp("pbkdf2-sha256$1000$salt2$hash"));
        TokenSigner other = new TokenSigner("f".repeat(32).getBytes(StandardCharsets.US_ASCII), clock);
        assertNotEquals(stamp, other.credentialStamp("pbkdf2-sha256$1000$salt$hash"));
        assertEquals(stamp, signer.verify(signer.issue("alice", stamp, 60)).credentialStamp());
    }

    @Test
    void tokensWithoutACredentialStampAreInvalid() {
        String body = Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"sub\":\"alice\",\"exp\":9999999999}".getBytes(StandardCharsets.UTF_8));
        assertInvalid(body + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(hmac(body)));
    }

    @Test
    void tamperedTokensAreInvalid() {
        String token = signer.issue("alice", STAMP, 60);
        String[] parts = token.split("\\.");
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"sub\":\"nacos\",\"cred\":\"c3RhbXA\",\"exp\":9999999999}".getBytes(StandardCharsets.UTF_8));
        assertInvalid(parts[0] + "." + forged + "." + parts[2]);
        assertInvalid(token.substring(0, token.length() - 2) + (token.endsWith("A") ? "BB" : "AA"));
        assertInvalid(parts[0] + "." + parts[1] + ".");
        assertInvalid(Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "." + parts[1] + ".");
        assertInvalid("garbage");
        assertInvalid("a.b.c");
        assertInvalid("x".repeat(5000));
    }

    @Test
    void anotherKeysTokensAreInvalid() {
        TokenSigner other = new TokenSigner("ffffffffffffffffffffffffffffffff".getBytes(StandardCharsets.US_ASCII), clock);
        assertInvalid(other.issue("alice", STAMP, 60));
    }

    @Test
    void refusalsNeverRepeatTheToken() {
        String token = signer.issue("alice", STAMP, 60);
        AccessRefused refused = assertThrows(AccessRefused.class, () -> signer.verify(token + "x"));
        assertFalse(refused.getMessage().contains(token));
    }

    @Test
    void shortKeysAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TokenSigner(new byte[16], clock));
    }

    private static byte[] hmac(String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private void assertInvalid(String token) {
        assertEquals(AccessRefused.Reason.INVALID_TOKEN, assertThrows(AccessRefused.class,
                () -> signer.verify(token)).reason());
    }
}
