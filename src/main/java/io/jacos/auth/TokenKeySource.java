package io.jacos.auth;

import io.jacos.infrastructure.ClusterSecret;
import io.jacos.settings.AuthSettings;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Decides the key that signs access tokens, in this order: the setting
 * {@code nacos.core.auth.plugin.nacos.token.secret.key} (base64, at least 32 bytes once decoded, as in Nacos); in
 * cluster mode with a cluster secret, a key derived from it (HMAC-SHA256 of {@link #LABEL} under the secret), so
 * every node signs alike without sharing a database; otherwise the key stored for this installation, made with
 * {@link SecureRandom} on the first start with auth on. So no two installations share a key unless told to.
 */
final class TokenKeySource {

    /** Fixed and public: the derivation's domain separation, not a secret. */
    static final String LABEL = "jacos/auth/token-key/v1";
    static final int KEY_BYTES = 32;

    private final AuthSettings settings;
    private final ClusterSecret clusterSecret;
    private final AuthStore store;
    private final SecureRandom random;

    TokenKeySource(AuthSettings settings, ClusterSecret clusterSecret, AuthStore store, SecureRandom random) {
        this.settings = settings;
        this.clusterSecret = clusterSecret;
        this.store = store;
        this.random = random;
    }

    /** @throws IllegalStateException when the configured key is unusable (the message names the setting, never the key) */
    byte[] key() {
        if (settings.secretKey().isPresent()) {
            byte[] key;
            try {
                key = Base64.getDecoder().decode(settings.secretKey().get());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(AuthSettings.SECRET_KEY.name() + " is not valid base64");
            }
            if (key.length < KEY_BYTES) {
                throw new IllegalStateException(AuthSettings.SECRET_KEY.name() + " must decode to at least " + KEY_BYTES
                        + " bytes");
            }
            return key;
        }
        if (clusterSecret.clusterMode() && clusterSecret.value().isPresent()) {
            return derive(clusterSecret.value().get());
        }
        return store.tokenKey().orElseGet(() -> {
            byte[] fresh = new byte[KEY_BYTES];
            random.nextBytes(fresh);
            return store.storeTokenKeyIfAbsent(fresh);
        });
    }

    static byte[] derive(String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(LABEL.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
