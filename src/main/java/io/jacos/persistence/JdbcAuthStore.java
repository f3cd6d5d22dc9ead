package io.jacos.persistence;

import io.jacos.auth.Action;
import io.jacos.auth.AuthStore;
import io.jacos.auth.ResourcePattern;
import io.jacos.auth.UserAdmin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@link AuthStore} in the naming store's database, with plain JDBC: four small key-value tables that need no
 * entity mapping (and so no new JPA entities both providers must agree on). One auto-committed statement per
 * write, or one transaction where two rows change together. A duplicate key answers false, which is how
 * concurrent nodes of a shared database settle who stored the token key first.
 */
@ApplicationScoped
public class JdbcAuthStore implements AuthStore {

    private static final int KEY_ROW = 1;

    @Inject
    JpaNamingStore naming;

    private DataSource dataSource;
    private final Jdbc jdbc = new Jdbc(this::dataSource, "auth store");

    /** For CDI. */
    public JdbcAuthStore() {
    }

    /** Over a data source of the caller's (tests). */
    JdbcAuthStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Optional<String> passwordHash(String username) {
        List<String> found = jdbc.query("SELECT password_hash FROM auth_user WHERE username = ?", rs -> rs.getString(1),
                username);
        return found.stream().findFirst();
    }

    @Override
    public List<String> usernames() {
        return jdbc.query("SELECT username FROM auth_user ORDER BY username", rs -> rs.getString(1));
    }

    @Override
    public boolean createUser(String username, String passwordHash) {
        return jdbc.insert("INSERT INTO auth_user (username, password_hash) VALUES (?, ?)", username, passwordHash);
    }

    @Override
    public boolean updatePassword(String username, String passwordHash) {
        return jdbc.update("UPDATE auth_user SET password_hash = ? WHERE username = ?", passwordHash, username) > 0;
    }

    @Override
    public boolean deleteUser(String username) {
        return jdbc.inTransaction(c -> {
            Jdbc.execute(c, "DELETE FROM auth_role WHERE username = ?", username);
            return Jdbc.execute(c, "DELETE FROM auth_user WHERE username = ?", username) > 0;
        });
    }

    @Override
    public List<UserAdmin.RoleBinding> roleBindings() {
        return jdbc.query("SELECT role_name, username FROM auth_role ORDER BY role_name, username",
                rs -> new UserAdmin.RoleBinding(rs.getString(1), rs.getString(2)));
    }

    @Override
    public boolean bindRole(String role, String username) {
        return jdbc.insert("INSERT INTO auth_role (role_name, username) VALUES (?, ?)", role, username);
    }

    @Override
    public boolean unbindRole(String role, String username) {
        return jdbc.update("DELETE FROM auth_role WHERE role_name = ? AND username = ?", role, username) > 0;
    }

    @Override
    public List<UserAdmin.Permission> permissions() {
        List<UserAdmin.Permission> all = new ArrayList<>(jdbc.query(
                "SELECT role_name, namespace_id, actions FROM auth_permission ORDER BY role_name, namespace_id",
                rs -> new UserAdmin.Permission(rs.getString(1), rs.getString(2), actions(rs.getString(3)))));
        all.addAll(jdbc.query("SELECT role_name, namespace_id, scope, actions FROM auth_resource_permission"
                        + " ORDER BY role_name, namespace_id, scope",
                rs -> new UserAdmin.Permission(rs.getString(1), rs.getString(2), rs.getString(3),
                        actions(rs.getString(4)))));
        return all;
    }

    @Override
    public void savePermission(UserAdmin.Permission permission) {
        if (!ResourcePattern.WHOLE_NAMESPACE.equals(permission.scope())) {
            saveNarrower(permission);
            return;
        }
        jdbc.inTransaction(c -> {
            Jdbc.execute(c, "DELETE FROM auth_permission WHERE role_name = ? AND namespace_id = ?", permission.role(),
                    permission.namespaceId());
            if (!permission.actions().isEmpty()) {
                Jdbc.execute(c, "INSERT INTO auth_permission (role_name, namespace_id, actions) VALUES (?, ?, ?)",
                        permission.role(), permission.namespaceId(), code(permission.actions()));
            }
            return null;
        });
    }

    /** A grant on less than a namespace: its own table, keyed by the scope too. */
    private void saveNarrower(UserAdmin.Permission permission) {
        jdbc.inTransaction(c -> {
            Jdbc.execute(c, "DELETE FROM auth_resource_permission WHERE role_name = ? AND namespace_id = ? AND scope = ?",
                    permission.role(), permission.namespaceId(), permission.scope());
            if (!permission.actions().isEmpty()) {
                Jdbc.execute(c, "INSERT INTO auth_resource_permission (role_name, namespace_id, scope, actions)"
                        + " VALUES (?, ?, ?, ?)", permission.role(), permission.namespaceId(), permission.scope(),
                        code(permission.actions()));
            }
            return null;
        });
    }

    @Override
    public Optional<byte[]> tokenKey() {
        return jdbc.query("SELECT token_key FROM auth_token_key WHERE key_id = ?", rs -> rs.getString(1), KEY_ROW)
                .stream().findFirst().map(Base64.getDecoder()::decode);
    }

    @Override
    public byte[] storeTokenKeyIfAbsent(byte[] key) {
        jdbc.insert("INSERT INTO auth_token_key (key_id, token_key) VALUES (?, ?)", KEY_ROW,
                Base64.getEncoder().encodeToString(key));
        return tokenKey().orElseThrow(() -> new IllegalStateException("the token key was not stored"));
    }

    static String code(Set<Action> actions) {
        return (actions.contains(Action.READ) ? "r" : "") + (actions.contains(Action.WRITE) ? "w" : "");
    }

    static Set<Action> actions(String code) {
        Set<Action> actions = EnumSet.noneOf(Action.class);
        if (code.contains("r")) {
            actions.add(Action.READ);
        }
        if (code.contains("w")) {
            actions.add(Action.WRITE);
        }
        return actions;
    }

    private DataSource dataSource() {
        return dataSource != null ? dataSource : naming.dataSource();
    }
}
