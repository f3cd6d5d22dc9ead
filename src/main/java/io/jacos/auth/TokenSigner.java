package io.jacos.auth;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Base64;

/**
 * Access tokens in the JWT compact form Nacos uses ({@code header.payload.signature}, HS256), with only the claims
 * {@code sub} (user name) and {@code exp} (epoch seconds). Only tokens this class wrote are accepted: the header must
 * be exactly ours, so no "alg" games are possible, and the signature is compared in constant time.
 */
public final class TokenSigner {

    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();
    private static final String HEADER = B64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}"
            .getBytes(StandardCharsets.UTF_8));
    /** User names are checked on creation ({@link UserRules}), so the payload never needs escaping. */
    private static final String PAYLOAD_START = "{\"sub\":\"";
    private static final String PAYLOAD_EXP = "\",\"exp\":";
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

    public String issue(String username, long ttlSeconds) {
        long exp = clock.millis() / 1000 + ttlSeconds;
        String body = HEADER + '.' + B64.encodeToString((PAYLOAD_START + username + PAYLOAD_EXP + exp + '}')
                .getBytes(StandardCharsets.UTF_8));
        return body + '.' + B64.encodeToString(sign(body));
    }

    /**
     * @return the user name the token was issued to
     * @throws AccessRefused INVALID_TOKEN or EXPIRED_TOKEN; the message never repeats the token
     */
    public String verify(String token) {
        if (token == null || token.length() > MAX_TOKEN_CHARS) {
            throw invalid();
        }
        int first = token.indexOf('.');
        int last = token.lastIndexOf('.');
        if (first <= 0 || last == first || !token.startsWith(HEADER + '.')) {
            throw invalid();
        }
        byte[] given;
        String payload;
        try {
            given = B64D.decode(token.substring(last + 1));
            payload = new String(B64D.decode(token.substring(first + 1, last)), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (!MessageDigest.isEqual(sign(token.substring(0, last)), given)) {
            throw invalid();
        }
        int expAt = payload.indexOf(PAYLOAD_EXP);
        if (!payload.startsWith(PAYLOAD_START) || expAt < 0 || !payload.endsWith("}")) {
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
        return payload.substring(PAYLOAD_START.length(), expAt);
    }

    private byte[] sign(String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(data.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static AccessRefused invalid() {
        return new AccessRefused(AccessRefused.Reason.INVALID_TOKEN, "token invalid!");
    }
}
