package io.jacos.persistence;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Plain JDBC for the stores whose tables need no entity mapping: one auto-committed statement per call, or one
 * transaction where rows change together. Failures surface as unchecked exceptions carrying the SQL state and
 * message only, never the statement's parameters (which may hold password hashes or config content).
 */
final class Jdbc {

    /** A statement refused for an integrity violation (SQLState class 23): a duplicate key, mostly. */
    static final class Conflict extends IllegalStateException {
        Conflict(String message) {
            super(message);
        }
    }

    interface Rows<T> {
        T read(ResultSet rs) throws SQLException;
    }

    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final Supplier<DataSource> dataSource;
    private final String store;

    /** {@code store} names the store in failure messages. */
    Jdbc(Supplier<DataSource> dataSource, String store) {
        this.dataSource = dataSource;
        this.store = store;
    }

    <T> List<T> query(String sql, Rows<T> rows, Object... args) {
        return withConnection(c -> query(c, sql, rows, args));
    }

    int update(String sql, Object... args) {
        return withConnection(c -> execute(c, sql, args));
    }

    /** False when the row exists already (any integrity violation, SQLState class 23). */
    boolean insert(String sql, Object... args) {
        try (Connection c = dataSource.get().getConnection()) {
            c.setAutoCommit(true);
            execute(c, sql, args);
            return true;
        } catch (SQLException e) {
            if (isIntegrityViolation(e)) {
                return false;
            }
            throw failed(e);
        }
    }

    <T> T inTransaction(Work<T> work) {
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

    static <T> List<T> query(Connection c, String sql, Rows<T> rows, Object... args) throws SQLException {
        try (PreparedStatement statement = prepare(c, sql, args); ResultSet rs = statement.executeQuery()) {
            List<T> found = new ArrayList<>();
            while (rs.next()) {
                found.add(rows.read(rs));
            }
            return found;
        }
    }

    static int execute(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement statement = prepare(c, sql, args)) {
            return statement.executeUpdate();
        }
    }

    /** Runs an insert and returns the value the database generated for {@code idColumn}. */
    static long insertReturningId(Connection c, String sql, String idColumn, Object... args) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(sql, new String[]{idColumn})) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new SQLException("no generated " + idColumn, "22000");
                }
                return keys.getLong(1);
            }
        }
    }

    static boolean isIntegrityViolation(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith("23");
    }

    private <T> T withConnection(Work<T> work) {
        try (Connection c = dataSource.get().getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement statement = c.prepareStatement(sql);
        for (int i = 0; i < args.length; i++) {
            statement.setObject(i + 1, args[i]);
        }
        return statement;
    }

    private IllegalStateException failed(SQLException e) {
        String message = store + ": " + e.getSQLState() + " " + e.getMessage();
        return isIntegrityViolation(e) ? new Conflict(message) : new IllegalStateException(message);
    }
}
