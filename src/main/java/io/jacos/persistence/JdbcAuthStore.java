package io.jacos.persistence;

import io.jacos.auth.Action;
import io.jacos.auth.AuthStore;
import io.jacos.auth.UserAdmin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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

    /** For CDI. */
    public JdbcAuthStore() {
    }

    /** Over a data source of the caller's (tests). */
    JdbcAuthStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Optional<String> passwordHash(String username) {
        List<String> found = query("SELECT password_hash FROM auth_user WHERE username = ?", rs -> rs.getString(1),
                username);
        return found.stream().findFirst();
    }

    @Override
    public List<String> usernames() {
        return query("SELECT username FROM auth_user ORDER BY username", rs -> rs.getString(1));
    }

    @Override
    public boolean createUser(String username, String passwordHash) {
        return insert("INSERT INTO auth_user (username, password_hash) VALUES (?, ?)", username, passwordHash);
    }

    @Override
    public boolean updatePassword(String username, String passwordHash) {
        return update("UPDATE auth_user SET password_hash = ? WHERE username = ?", passwordHash, username) > 0;
    }

    @Override
    public boolean deleteUser(String username) {
        return inTransaction(c -> {
            execute(c, "DELETE FROM auth_role WHERE username = ?", username);
            return execute(c, "DELETE FROM auth_user WHERE username = ?", username) > 0;
        });
    }

    @Override
    public List<UserAdmin.RoleBinding> roleBindings() {
        return query("SELECT role_name, username FROM auth_role ORDER BY role_name, username",
                rs -> new UserAdmin.RoleBinding(rs.getString(1), rs.getString(2)));
    }

    @Override
    public boolean bindRole(String role, String username) {
        return insert("INSERT INTO auth_role (role_name, username) VALUES (?, ?)", role, username);
    }

    @Override
    public boolean unbindRole(String role, String username) {
        return update("DELETE FROM auth_role WHERE role_name = ? AND username = ?", role, username) > 0;
    }

    @Override
    public List<UserAdmin.Permission> permissions() {
        return query("SELECT role_name, namespace_id, actions FROM auth_permission ORDER BY role_name, namespace_id",
                rs -> new UserAdmin.Permission(rs.getString(1), rs.getString(2), actions(rs.getString(3))));
    }

    @Override
    public void savePermission(UserAdmin.Permission permission) {
        inTransaction(c -> {
            execute(c, "DELETE FROM auth_permission WHERE role_name = ? AND namespace_id = ?", permission.role(),
                    permission.namespaceId());
            if (!permission.actions().isEmpty()) {
                execute(c, "INSERT INTO auth_permission (role_name, namespace_id, actions) VALUES (?, ?, ?)",
                        permission.role(), permission.namespaceId(), code(permission.actions()));
            }
            return null;
        });
    }

    @Override
    public Optional<byte[]> tokenKey() {
        return query("SELECT token_key FROM auth_token_key WHERE key_id = ?", rs -> rs.getString(1), KEY_ROW)
                .stream().findFirst().map(Base64.getDecoder()::decode);
    }

    @Override
    public byte[] storeTokenKeyIfAbsent(byte[] key) {
        insert("INSERT INTO auth_token_key (key_id, token_key) VALUES (?, ?)", KEY_ROW,
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

    private interface Rows<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> List<T> query(String sql, Rows<T> rows, Object... args) {
        return withConnection(c -> {
            try (PreparedStatement statement = prepare(c, sql, args); ResultSet rs = statement.executeQuery()) {
                List<T> found = new ArrayList<>();
                while (rs.next()) {
                    found.add(rows.read(rs));
                }
                return found;
            }
        });
    }

    private int update(String sql, Object... args) {
        return withConnection(c -> execute(c, sql, args));
    }

    /** False when the row exists already (any integrity violation, SQLState class 23). */
    private boolean insert(String sql, Object... args) {
        try (Connection c = dataSource().getConnection()) {
            c.setAutoCommit(true);
            execute(c, sql, args);
            return true;
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false;
            }
            throw failed(e);
        }
    }

    private <T> T inTransaction(Work<T> work) {
        return withConnection(c -> {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        });
    }

    private <T> T withConnection(Work<T> work) {
        try (Connection c = dataSource().getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private static int execute(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement statement = prepare(c, sql, args)) {
            return statement.executeUpdate();
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement statement = c.prepareStatement(sql);
        for (int i = 0; i < args.length; i++) {
            statement.setObject(i + 1, args[i]);
        }
        return statement;
    }

    private DataSource dataSource() {
        return dataSource != null ? dataSource : naming.dataSource();
    }

    /** The SQL state and message only: statements hold password hashes as parameters, never in their text. */
    private static IllegalStateException failed(SQLException e) {
        return new IllegalStateException("auth store: " + e.getSQLState() + " " + e.getMessage());
    }
}
