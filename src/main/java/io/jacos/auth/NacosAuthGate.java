package io.jacos.auth;

import io.jacos.event.StoredNamespacesChanged;
import io.jacos.model.Namespace;
import io.jacos.settings.AuthSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Clock;

/**
 * {@link AuthGate}: the token's signature and expiry (no database), then the user's grants from {@link GrantsCache},
 * which also refuses a token issued before the user's password last changed.
 * A blank namespace is {@code public}, as the clients mean it. The refusal messages are Nacos's short ones.
 */
@ApplicationScoped
public class NacosAuthGate implements AuthGate {

    private AuthSettings settings;
    private Tokens tokens;
    private AuthStore store;
    private Clock clock;

    private GrantsCache grants;

    /** For the container's proxy. */
    protected NacosAuthGate() {
    }

    @Inject
    public NacosAuthGate(AuthSettings settings, Tokens tokens, AuthStore store, Clock clock) {
        this.settings = settings;
        this.tokens = tokens;
        this.store = store;
        this.clock = clock;
        init();
    }

    private void init() {
        grants = new GrantsCache(store, tokens::credentialStamp, clock, settings.grantsCacheMillis(),
                settings.grantsCacheMaxUsers());
    }

    @Override
    public boolean enabled() {
        return settings.enabled();
    }

    @Override
    public Identity identify(String token) {
        if (!settings.enabled()) {
            return Identity.UNCHECKED;
        }
        if (token == null || token.isBlank()) {
            throw new AccessRefused(AccessRefused.Reason.MISSING_TOKEN, "user not found!");
        }
        TokenSigner.Claims claims;
        try {
            claims = tokens.verify(token);
        } catch (IllegalStateException e) {
            // No usable key (the server refused to start, see AuthStartup): nothing is valid.
            throw new AccessRefused(AccessRefused.Reason.INVALID_TOKEN, "token invalid!");
        }
        Identity identity = grants.identity(claims.username(), claims.credentialStamp());
        if (identity == null) {
            throw new AccessRefused(AccessRefused.Reason.INVALID_TOKEN, "token invalid!");
        }
        return identity;
    }

    @Override
    public Identity authorize(String token, String namespaceId, Action action) {
        Identity identity = identify(token);
        String namespace = namespaceId == null || namespaceId.isBlank() ? Namespace.PUBLIC : namespaceId;
        if (!identity.may(namespace, action)) {
            throw new AccessRefused(AccessRefused.Reason.FORBIDDEN, "authorization failed!");
        }
        return identity;
    }

    @Override
    public Identity requireAdmin(String token) {
        Identity identity = identify(token);
        if (!identity.globalAdmin()) {
            throw new AccessRefused(AccessRefused.Reason.FORBIDDEN, "authorization failed!");
        }
        return identity;
    }

    /** The grants as stored now, for a user who just logged in or was just changed. */
    Identity fresh(String username) {
        grants.forget(username);
        return grants.identity(username);
    }

    /** The user's password changed: this node stops accepting the tokens issued before, at once. */
    void forget(String username) {
        grants.forget(username);
    }

    void forgetGrants() {
        grants.forgetAll();
    }

    /**
     * A namespace deleted here took its grants with it (the store removes them in the same transaction): forget the
     * cached ones at once, so a namespace made again with the same id grants nobody what the old one did.
     */
    void namespacesChanged(@Observes StoredNamespacesChanged event) {
        grants.forgetAll();
    }
}
