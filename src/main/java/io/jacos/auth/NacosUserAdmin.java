package io.jacos.auth;

import io.jacos.settings.AuthSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.security.SecureRandom;
import java.util.List;
import java.util.Set;

/**
 * {@link UserAdmin} over the {@link AuthStore}. Every change clears this node's grants cache, so it applies here at
 * once. The last global admin can be neither deleted nor unbound: an installation always keeps one. With auth off
 * every change is refused (reads still answer): nothing checks who calls then, and a user planted meanwhile, an
 * admin in particular, would be waiting when auth is turned on (and would stop the first admin's bootstrap).
 */
@ApplicationScoped
public class NacosUserAdmin implements UserAdmin {

    private AuthSettings settings;
    private AuthStore store;
    private NacosAuthGate gate;

    private PasswordHash hasher;

    /** For the container's proxy. */
    protected NacosUserAdmin() {
    }

    @Inject
    public NacosUserAdmin(AuthSettings settings, AuthStore store, NacosAuthGate gate) {
        this.settings = settings;
        this.store = store;
        this.gate = gate;
        init();
    }

    private void init() {
        hasher = new PasswordHash(new SecureRandom(), settings.passwordIterations());
    }

    @Override
    public List<UserView> users() {
        List<RoleBinding> bindings = store.roleBindings();
        return store.usernames().stream().map(name -> {
            List<String> roles = bindings.stream().filter(b -> b.username().equals(name)).map(RoleBinding::role)
                    .toList();
            return new UserView(name, roles.contains(ADMIN_ROLE), roles);
        }).toList();
    }

    @Override
    public void createUser(String username, String password) {
        requireAuthOn();
        UserRules.checkName("user name", username);
        UserRules.checkPassword(password);
        if (!store.createUser(username, hasher.hash(password))) {
            throw new Refused(Refused.Kind.CONFLICT, "user '" + username + "' exists already");
        }
        gate.forgetGrants();
    }

    @Override
    public void changePassword(String username, String newPassword) {
        requireAuthOn();
        UserRules.checkPassword(newPassword);
        if (!store.updatePassword(username, hasher.hash(newPassword))) {
            throw unknownUser(username);
        }
        gate.forget(username);
    }

    @Override
    public void deleteUser(String username) {
        requireAuthOn();
        if (store.passwordHash(username).isEmpty()) {
            throw unknownUser(username);
        }
        if (lastAdmin(username)) {
            throw new Refused(Refused.Kind.CONFLICT, "user '" + username + "' is the last global admin");
        }
        store.deleteUser(username);
        gate.forgetGrants();
    }

    @Override
    public List<RoleBinding> roles() {
        return store.roleBindings();
    }

    @Override
    public void bindRole(String role, String username) {
        requireAuthOn();
        UserRules.checkName("role", role);
        if (store.passwordHash(username).isEmpty()) {
            throw unknownUser(username);
        }
        if (!store.bindRole(role, username)) {
            throw new Refused(Refused.Kind.CONFLICT, "user '" + username + "' has role '" + role + "' already");
        }
        gate.forgetGrants();
    }

    @Override
    public void unbindRole(String role, String username) {
        requireAuthOn();
        if (ADMIN_ROLE.equals(role) && lastAdmin(username)) {
            throw new Refused(Refused.Kind.CONFLICT, "user '" + username + "' is the last global admin");
        }
        if (!store.unbindRole(role, username)) {
            throw new Refused(Refused.Kind.UNKNOWN, "user '" + username + "' does not have role '" + role + "'");
        }
        gate.forgetGrants();
    }

    @Override
    public List<Permission> permissions() {
        return store.permissions();
    }

    @Override
    public void grant(Permission permission) {
        requireAuthOn();
        UserRules.checkName("role", permission.role());
        checkNamespace(permission.namespaceId());
        new ResourcePattern(permission.namespaceId(), permission.scope());
        if (permission.actions().isEmpty()) {
            throw new Refused(Refused.Kind.INVALID, "a grant needs READ, WRITE or both");
        }
        Set<Action> now = EnumSetOf.union(current(permission).actions(), permission.actions());
        store.savePermission(new Permission(permission.role(), permission.namespaceId(), permission.scope(), now));
        gate.forgetGrants();
    }

    @Override
    public void revoke(Permission permission) {
        requireAuthOn();
        Permission current = current(permission);
        if (current.actions().isEmpty() || permission.actions().stream().noneMatch(current.actions()::contains)) {
            throw new Refused(Refused.Kind.UNKNOWN, "role '" + permission.role() + "' has no such grant on '"
                    + permission.resource() + "'");
        }
        store.savePermission(new Permission(permission.role(), permission.namespaceId(), permission.scope(),
                EnumSetOf.minus(current.actions(), permission.actions())));
        gate.forgetGrants();
    }

    private Permission current(Permission permission) {
        return store.permissions().stream()
                .filter(p -> p.role().equals(permission.role()) && p.namespaceId().equals(permission.namespaceId())
                        && p.scope().equals(permission.scope()))
                .findFirst().orElse(new Permission(permission.role(), permission.namespaceId(), permission.scope(),
                        Set.of()));
    }

    private boolean lastAdmin(String username) {
        List<String> admins = store.roleBindings().stream().filter(b -> ADMIN_ROLE.equals(b.role()))
                .map(RoleBinding::username).toList();
        return admins.size() == 1 && admins.get(0).equals(username);
    }

    private void requireAuthOn() {
        if (!settings.enabled()) {
            throw new Refused(Refused.Kind.INVALID, "auth is off: users, roles and grants can be changed only with "
                    + "nacos.core.auth.enabled=true");
        }
    }

    private static void checkNamespace(String namespaceId) {
        if (namespaceId == null || namespaceId.isBlank() || namespaceId.length() > 128) {
            throw new Refused(Refused.Kind.INVALID, "namespace must be a namespace id or *");
        }
    }

    private static Refused unknownUser(String username) {
        return new Refused(Refused.Kind.UNKNOWN, "user '" + username + "' does not exist");
    }

    /** Set arithmetic on actions, kept out of the methods above. */
    private static final class EnumSetOf {
        static Set<Action> union(Set<Action> a, Set<Action> b) {
            java.util.EnumSet<Action> all = java.util.EnumSet.noneOf(Action.class);
            all.addAll(a);
            all.addAll(b);
            return all;
        }

        static Set<Action> minus(Set<Action> a, Set<Action> b) {
            java.util.EnumSet<Action> rest = java.util.EnumSet.noneOf(Action.class);
            rest.addAll(a);
            rest.removeAll(b);
            return rest;
        }
    }
}
