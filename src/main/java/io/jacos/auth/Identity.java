package io.jacos.auth;

import java.util.Map;
import java.util.Set;

/**
 * Who made a request, once the token was checked, with what the user's roles grant. {@link #UNCHECKED} stands for
 * every caller while auth is off.
 *
 * @param grants namespace id (or {@code *} for every namespace) to the actions granted there
 */
public record Identity(String username, boolean globalAdmin, Map<String, Set<Action>> grants) {

    public static final Identity UNCHECKED = new Identity("", true, Map.of());
    /** No user, no grants: who makes an open call (a login) while auth is on. */
    public static final Identity ANONYMOUS = new Identity("", false, Map.of());

    public Identity {
        grants = Map.copyOf(grants);
    }

    public boolean may(String namespaceId, Action action) {
        if (globalAdmin) {
            return true;
        }
        return grants.getOrDefault(namespaceId, Set.of()).contains(action)
                || grants.getOrDefault("*", Set.of()).contains(action);
    }
}
