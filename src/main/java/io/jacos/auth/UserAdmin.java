package io.jacos.auth;

import java.util.List;
import java.util.Set;

/**
 * Users, roles and grants, as the admin API and the console's users page manage them (callers check that the
 * caller is a global admin first). Every write is stored before the method returns and takes effect on every
 * node within the grant cache's lifetime. Refusals throw {@link Refused} and change nothing.
 */
public interface UserAdmin {

    /** The role that makes a user a global admin: manages users, roles, namespaces and the server. */
    String ADMIN_ROLE = "ROLE_ADMIN";

    List<UserView> users();

    /** @throws Refused CONFLICT when the user exists, INVALID for a bad name or a password under 8 characters */
    void createUser(String username, String password);

    /** @throws Refused UNKNOWN, INVALID */
    void changePassword(String username, String newPassword);

    /** Removes the user and its role bindings. @throws Refused UNKNOWN; CONFLICT for the last global admin */
    void deleteUser(String username);

    List<RoleBinding> roles();

    /** @throws Refused UNKNOWN user; CONFLICT when bound already; INVALID role name */
    void bindRole(String role, String username);

    /** @throws Refused UNKNOWN binding; CONFLICT when it would leave no global admin */
    void unbindRole(String role, String username);

    List<Permission> permissions();

    /**
     * Grants the role these actions on the permission's resource (a namespace, {@code *} for all, or something
     * narrower in it), adding to what it has there. @throws Refused INVALID for a malformed resource
     */
    void grant(Permission permission);

    /** @throws Refused UNKNOWN when the role has no such grant */
    void revoke(Permission permission);

    record UserView(String username, boolean globalAdmin, List<String> roles) {
    }

    record RoleBinding(String role, String username) {
    }

    /**
     * @param namespaceId a namespace id, or {@code *} for every namespace
     * @param scope       what in the namespace: {@link ResourcePattern#WHOLE_NAMESPACE} for all of it, or a
     *                    narrower {@code group:type/name} ({@link ResourcePattern})
     */
    record Permission(String role, String namespaceId, String scope, Set<Action> actions) {
        public Permission {
            actions = Set.copyOf(actions);
            scope = scope == null ? ResourcePattern.WHOLE_NAMESPACE : scope;
        }

        /** A grant on the whole namespace. */
        public Permission(String role, String namespaceId, Set<Action> actions) {
            this(role, namespaceId, ResourcePattern.WHOLE_NAMESPACE, actions);
        }

        /** The resource as Nacos writes it: {@code namespaceId:group:type/name}. */
        public String resource() {
            return namespaceId + ":" + scope;
        }
    }

    /** Why a users/roles change was refused; the message is safe to show. */
    final class Refused extends RuntimeException {

        public enum Kind { UNKNOWN, CONFLICT, INVALID }

        private final Kind kind;

        public Refused(Kind kind, String message) {
            super(message, null, false, false);
            this.kind = kind;
        }

        public Kind kind() {
            return kind;
        }
    }
}
