package io.jacos.auth;

import io.jacos.infrastructure.ClusterSecret;
import io.jacos.settings.AuthSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.security.SecureRandom;
import java.time.Clock;

/** Issues and verifies access tokens with this installation's key ({@link TokenKeySource}), read once. */
@ApplicationScoped
public class Tokens {

    private AuthSettings settings;
    private ClusterSecret clusterSecret;
    private AuthStore store;
    private Clock clock;

    private volatile TokenSigner signer;

    /** For the container's proxy. */
    protected Tokens() {
    }

    @Inject
    public Tokens(AuthSettings settings, ClusterSecret clusterSecret, AuthStore store, Clock clock) {
        this.settings = settings;
        this.clusterSecret = clusterSecret;
        this.store = store;
        this.clock = clock;
    }

    /** A token bound to the password hash the user just logged in with ({@link TokenSigner#credentialStamp}). */
    String issue(String username, String passwordHash) {
        TokenSigner current = signer();
        return current.issue(username, current.credentialStamp(passwordHash), settings.tokenTtlSeconds());
    }

    /** @throws AccessRefused INVALID_TOKEN or EXPIRED_TOKEN */
    TokenSigner.Claims verify(String token) {
        return signer().verify(token);
    }

    String credentialStamp(String passwordHash) {
        return signer().credentialStamp(passwordHash);
    }

    /** Reads (or makes and stores) the key now; @throws IllegalStateException when the configured key is unusable. */
    void prepare() {
        signer();
    }

    private TokenSigner signer() {
        TokenSigner current = signer;
        if (current == null) {
            synchronized (this) {
                if (signer == null) {
                    signer = new TokenSigner(new TokenKeySource(settings, clusterSecret, store, new SecureRandom())
                            .key(), clock);
                }
                current = signer;
            }
        }
        return current;
    }
}
