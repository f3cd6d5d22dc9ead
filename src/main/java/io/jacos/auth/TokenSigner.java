package io.jacos.auth;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;

/**
 * Access tokens in the JWT compact form Nacos uses ({@code header.payload.signature}, HS256), with only the claims
 * {@code sub} (user name), {@code cred} (the credential stamp, see {@link #credentialStamp}) and {@code exp} (epoch
 * seconds). The clients treat the token as opaque, so the extra claim costs them nothing. Only tokens this class
 * wrote are accepted: the header must be exactly ours, so no "alg" games are possible, and the signature is compared
 * in constant time.
 */
public final class TokenSigner {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();
    private static final String HEADER = B64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}"
            .getBytes(StandardCharsets.UTF_8));
    /** User names are checked on creation ({@link UserRules}), so the payload never needs escaping. */
    private static final String PAYLOAD_START = "{\"sub\":\"";
    private static final String PAYLOAD_CRED = "\",\"cred\":\"";
    private static final String PAYLOAD_EXP = "\",\"exp\":";
    /** Domain separation of the stamp from the signatures made with the same key. */
    private static final String STAMP_LABEL = "jacos/auth/credential-stamp/v1:";
    private static final int STAMP_BYTES = 16;
    private static final int MAX_TOKEN_CHARS = 1024;

    private final SecretKeySpec key;
    private final Clock clock;

    public TokenSigner(byte[] key, Clock clock) {
        if (key.length < 32) {
            throw new IllegalArgumentException("the token key must have at least 32 bytes");
        }
        this.key = new SecretKeySpec(key, "HmacSHA256");
        this.clock = clock;
    }

    /** What a token says once its signature and expiry were checked. */
    public record Claims(String username, String credentialStamp) {
    }

    /**
     * @param credentialStamp {@link #credentialStamp} of the password hash the user logged in with
     */
    public String issue(String username, String credentialStamp, long ttlSeconds) {
        long exp = clock.millis() / 1000 + ttlSeconds;
        String body = HEADER + '.' + B64.encodeToString((PAYLOAD_START + username + PAYLOAD_CRED + credentialStamp
                + PAYLOAD_EXP + exp + '}').getBytes(StandardCharsets.UTF_8));
        return body + '.' + B64.encodeToString(hmac(body));
    }

    /**
     * A short keyed digest of a stored password hash. A token carries the stamp of the hash its user logged in with,
     * and is accepted only while the user's stored hash still has that stamp: a password change (a new salt, so a
     * new hash even for the same password) ends every token issued before it, without a database read per request.
     * Keyed, so a token never reveals anything about the hash.
     */
    public String credentialStamp(String passwordHash) {
        byte[] mac = hmac(STAMP_LABEL + passwordHash);
        return B64.encodeToString(Arrays.copyOf(mac, STAMP_BYTES));
    }

    /** @throws AccessRefused INVALID_TOKEN or EXPIRED_TOKEN; the message never repeats the token */
    public Claims verify(String token) {
        if (token == null || token.length() > MAX_TOKEN_CHARS) {
            throw invalid();
        }
        int first = token.indexOf('.');
        int last = token.lastIndexOf('.');
        if (first <= 0 || last == first || !token.startsWith(HEADER + '.')) {
            throw invalid();
        }
        // The signature's text, not its decoded bytes: base64 leaves spare bits in its last character, so other
        // spellings of the same bytes exist, and a token is accepted only as it was issued.
        byte[] expected = B64.encodeToString(hmac(token.substring(0, last))).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, token.substring(last + 1).getBytes(StandardCharsets.US_ASCII))) {
            throw invalid();
        }
        String payload;
        try {
            payload = new String(B64D.decode(token.substring(first + 1, last)), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        int credAt = payload.indexOf(PAYLOAD_CRED);
        int expAt = credAt < 0 ? -1 : payload.indexOf(PAYLOAD_EXP, credAt + PAYLOAD_CRED.length());
        if (!payload.startsWith(PAYLOAD_START) || credAt < PAYLOAD_START.length() || expAt < 0
                || !payload.endsWith("}")) {
            throw invalid();
        }
        long exp;
        try {
            exp = Long.parseLong(payload.substring(expAt + PAYLOAD_EXP.length(), payload.length() - 1));
        } catch (NumberFormatException e) {
            throw invalid();
        }
        if (clock.millis() / 1000 >= exp) {
            throw new AccessRefused(AccessRefused.Reason.EXPIRED_TOKEN, "token expired!");
        }
        return new Claims(payload.substring(PAYLOAD_START.length(), credAt),
                payload.substring(credAt + PAYLOAD_CRED.length(), expAt));
    }

    private byte[] hmac(String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static AccessRefused invalid() {
        return new AccessRefused(AccessRefused.Reason.INVALID_TOKEN, "token invalid!");
    }
}
