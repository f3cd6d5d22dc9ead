package io.jacos.transport.http.admin.access;

import io.jacos.auth.Action;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The one table of what an admin API call needs, by method and path (relative to {@code /nacos/admin}): the
 * namespace-scoped reads and edits of services, instances, subscribers and history need READ or WRITE in the
 * request's namespace ({@code namespaceId}, default {@code public}); the namespace list needs only a login (it is
 * filtered to what the caller may read); logging in needs nothing; everything else (users, roles, permissions,
 * namespace edits, server, cluster, connections, and any path not listed) needs a global admin, so a new resource is
 * closed until it is added here.
 */
public final class AdminAccess {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final String PUBLIC = "public";

    /** What a call needs. {@code namespaceId} and {@code action} are set for {@link Kind#NAMESPACE} only. */
    public record Requirement(Kind kind, String namespaceId, Action action) {
        public static final Requirement OPEN = new Requirement(Kind.OPEN, null, null);
        public static final Requirement LOGGED_IN = new Requirement(Kind.LOGGED_IN, null, null);
        public static final Requirement ADMIN = new Requirement(Kind.ADMIN, null, null);

        static Requirement namespace(String namespaceId, Action action) {
            return new Requirement(Kind.NAMESPACE, namespaceId, action);
        }
    }

    public enum Kind { OPEN, LOGGED_IN, NAMESPACE, ADMIN }

    private AdminAccess() {
    }

    /**
     * @param path        the path under {@code /nacos/admin}, with or without a leading slash, not decoded
     * @param namespaceId the {@code namespaceId} query parameter, or null
     */
    public static Requirement of(String method, String path, String namespaceId) {
        boolean read = READS.contains(method.toUpperCase(Locale.ROOT));
        List<String> segments = List.of(path.replaceFirst("^/+", "").split("/+"));
        String first = segments.get(0);
        return switch (first) {
            case "auth" -> auth(segments, read);
            case "namespaces" -> read && segments.size() == 1 ? Requirement.LOGGED_IN : Requirement.ADMIN;
            case "services" -> Requirement.namespace(namespace(namespaceId), read ? Action.READ : Action.WRITE);
            default -> Requirement.ADMIN;
        };
    }

    private static Requirement auth(List<String> segments, boolean read) {
        String second = segments.size() == 2 ? segments.get(1) : "";
        if (second.equals("login") && !read) {
            return Requirement.OPEN;
        }
        if (second.equals("me") && read) {
            return Requirement.LOGGED_IN;
        }
        return Requirement.ADMIN;
    }

    private static String namespace(String namespaceId) {
        return namespaceId == null || namespaceId.isBlank() ? PUBLIC : namespaceId.trim();
    }
}
