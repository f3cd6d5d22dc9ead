package io.jacos.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Each user's {@link Identity} (admin or not, and the grants of the user's roles) and the credential stamp of the
 * user's stored password hash ({@link TokenSigner#credentialStamp}), read from the store at most once per
 * {@code jacos.auth.cache-millis} per user, so a request costs a map lookup, not a database read. At most
 * {@code jacos.auth.cache-max-users} entries: when full, expired entries go, and if none has expired, all do.
 * Changes made on this node are seen at once ({@link #forgetAll}); on other nodes within the lifetime.
 */
final class GrantsCache {

    private record Entry(Identity identity, String credentialStamp, long loadedAt) {
    }

    /** A user the store does not know, cached too so a deleted user's token costs no read per request. */
    private static final Identity NOBODY = new Identity("", false, Map.of());

    private final AuthStore store;
    private final Function<String, String> credentialStamp;
    private final Clock clock;
    private final long lifetimeMillis;
    private final int maxUsers;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /** @param credentialStamp the stamp of a stored password hash */
    GrantsCache(AuthStore store, Function<String, String> credentialStamp, Clock clock, long lifetimeMillis,
                int maxUsers) {
        this.store = store;
        this.credentialStamp = credentialStamp;
        this.clock = clock;
        this.lifetimeMillis = lifetimeMillis;
        this.maxUsers = maxUsers;
    }

    /** The user's identity, or null when the user does not exist. */
    Identity identity(String username) {
        Entry entry = entry(username);
        return entry.identity() == NOBODY ? null : entry.identity();
    }

    /**
     * The identity of the user a token names, or null when the user does not exist or the token's credential stamp
     * is not that of the user's stored password hash (it was issued before a password change).
     */
    Identity identity(String username, String tokenCredentialStamp) {
        Entry entry = entry(username);
        if (entry.identity() == NOBODY || !MessageDigest.isEqual(bytes(entry.credentialStamp()),
                bytes(tokenCredentialStamp))) {
            return null;
        }
        return entry.identity();
    }

    private Entry entry(String username) {
        long now = clock.millis();
        Entry entry = entries.get(username);
        if (entry == null || now - entry.loadedAt() >= lifetimeMillis) {
            entry = load(username, now);
            if (entries.size() >= maxUsers) {
                entries.values().removeIf(e -> now - e.loadedAt() >= lifetimeMillis);
                if (entries.size() >= maxUsers) {
                    entries.clear();
                }
            }
            entries.put(username, entry);
        }
        return entry;
    }

    void forget(String username) {
        entries.remove(username);
    }

    void forgetAll() {
        entries.clear();
    }

    int size() {
        return entries.size();
    }

    private Entry load(String username, long now) {
        Optional<String> passwordHash = store.passwordHash(username);
        if (passwordHash.isEmpty()) {
            return new Entry(NOBODY, "", now);
        }
        List<String> roles = store.roleBindings().stream().filter(b -> b.username().equals(username))
                .map(UserAdmin.RoleBinding::role).toList();
        Map<String, Set<Action>> grants = new HashMap<>();
        List<Identity.Narrow> narrower = new ArrayList<>();
        for (UserAdmin.Permission permission : store.permissions()) {
            if (!roles.contains(permission.role())) {
                continue;
            }
            if (ResourcePattern.WHOLE_NAMESPACE.equals(permission.scope())) {
                grants.computeIfAbsent(permission.namespaceId(), k -> EnumSet.noneOf(Action.class))
                        .addAll(permission.actions());
            } else {
                pattern(permission).ifPresent(p -> narrower.add(new Identity.Narrow(p, permission.actions())));
            }
        }
        grants.replaceAll((ns, actions) -> Set.copyOf(actions));
        return new Entry(new Identity(username, roles.contains(UserAdmin.ADMIN_ROLE), grants, narrower),
                credentialStamp.apply(passwordHash.get()), now);
    }

    /** A row no grant call would have stored (edited in the database) grants nothing rather than failing logins. */
    private static Optional<ResourcePattern> pattern(UserAdmin.Permission permission) {
        try {
            return Optional.of(new ResourcePattern(permission.namespaceId(), permission.scope()));
        } catch (UserAdmin.Refused e) {
            return Optional.empty();
        }
    }

    private static byte[] bytes(String value) {
        return value == null ? new byte[0] : value.getBytes(StandardCharsets.UTF_8);
    }
}
