package io.jacos.auth;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who made a request, once the token was checked, with what the user's roles grant. {@link #UNCHECKED} stands for
 * every caller while auth is off.
 *
 * @param grants   namespace id (or {@code *} for every namespace) to the actions granted on all of it
 * @param narrower grants on less than a namespace (a group, configurations, services)
 */
public record Identity(String username, boolean globalAdmin, Map<String, Set<Action>> grants,
                       List<Narrow> narrower) {

    /** Actions granted on what a pattern matches. */
    public record Narrow(ResourcePattern pattern, Set<Action> actions) {
        public Narrow {
            actions = Set.copyOf(actions);
        }
    }

    public static final Identity UNCHECKED = new Identity("", true, Map.of());
    /** No user, no grants: who makes an open call (a login) while auth is on. */
    public static final Identity ANONYMOUS = new Identity("", false, Map.of());

    public Identity {
        grants = Map.copyOf(grants);
        narrower = List.copyOf(narrower);
    }

    public Identity(String username, boolean globalAdmin, Map<String, Set<Action>> grants) {
        this(username, globalAdmin, grants, List.of());
    }

    public boolean may(String namespaceId, Action action) {
        if (globalAdmin) {
            return true;
        }
        return grants.getOrDefault(namespaceId, Set.of()).contains(action)
                || grants.getOrDefault("*", Set.of()).contains(action);
    }

    /**
     * Whether the user may act on this resource: a grant on its whole namespace (exactly as {@link #may(String,
     * Action)}), or a narrower grant whose pattern matches it.
     */
    public boolean may(Resource resource, Action action) {
        if (may(resource.namespaceId(), action)) {
            return true;
        }
        return narrower.stream().anyMatch(n -> n.actions().contains(action) && n.pattern().matches(resource));
    }
}
