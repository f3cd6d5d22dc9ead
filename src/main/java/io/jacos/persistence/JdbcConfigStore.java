package io.jacos.persistence;

import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * {@link ConfigStore} in the naming store's database, with plain JDBC. A write locks the configuration's row
 * ({@code SELECT ... FOR UPDATE}), so the compare-and-set and the revision are decided on the row as it is; two
 * nodes creating the same configuration at once meet on the unique key, and the later one retries as an update.
 */
@ApplicationScoped
public class JdbcConfigStore implements ConfigStore {

    private static final String COLUMNS = "id, namespace_id, group_name, data_id, content, md5, config_type, "
            + "encrypted_data_key, app_name, description, tags, modified_millis, revision";
    private static final String BY_KEY = " WHERE namespace_id = ? AND group_name = ? AND data_id = ?";

    @Inject
    JpaNamingStore naming;

    private DataSource dataSource;
    private final Jdbc jdbc = new Jdbc(this::dataSource, "config store");

    /** For CDI. */
    public JdbcConfigStore() {
    }

    /** Over a data source of the caller's (tests). */
    JdbcConfigStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    private record Row(long id, ConfigEntry entry) {
    }

    @Override
    public Optional<ConfigEntry> find(ConfigKey key) {
        return jdbc.query("SELECT " + COLUMNS + " FROM config_entry" + BY_KEY, JdbcConfigStore::row, key.namespace(),
                key.group(), key.dataId()).stream().findFirst().map(Row::entry);
    }

    @Override
    public Published publish(ConfigWrite write, int maxInNamespace) {
        try {
            return jdbc.inTransaction(c -> publish(c, write, maxInNamespace));
        } catch (Jdbc.Conflict e) {
            // Another node created the row between our look and our insert: now it is an update.
            return jdbc.inTransaction(c -> publish(c, write, maxInNamespace));
        }
    }

    private static Published publish(Connection c, ConfigWrite write, int maxInNamespace) throws SQLException {
        Optional<Row> current = locked(c, write.key());
        String md5 = ConfigEntry.md5Of(write.content());
        if (current.isEmpty() && Jdbc.query(c, "SELECT COUNT(*) FROM config_entry WHERE namespace_id = ?",
                rs -> rs.getLong(1), write.key().namespace()).get(0) >= maxInNamespace) {
            return new Published(Outcome.NAMESPACE_FULL, null);
        }
        if (current.isEmpty()) {
            long id = Jdbc.insertReturningId(c, "INSERT INTO config_entry (namespace_id, group_name, data_id, content, "
                            + "md5, config_type, encrypted_data_key, app_name, description, tags, created_millis, "
                            + "modified_millis, revision, src_user, src_ip) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)", "id",
                    write.key().namespace(), write.key().group(), write.key().dataId(), write.content(), md5,
                    typeOf(write), text(write.encryptedDataKey()), text(write.appName()), text(write.description()),
                    text(write.tags()), write.atMillis(), write.atMillis(), write.source().user(), write.source().ip());
            long revision = history(c, id, written(write, md5, 0), "I", md5, write.source(), write.atMillis());
            revise(c, id, revision);
            return new Published(Outcome.CREATED, written(write, md5, revision));
        }
        ConfigEntry before = current.get().entry();
        if (write.casMd5() != null && !write.casMd5().isBlank() && !before.md5().isEmpty()
                && !before.md5().equals(write.casMd5())) {
            return new Published(Outcome.CAS_MISMATCH, before);
        }
        Jdbc.execute(c, "UPDATE config_entry SET content = ?, md5 = ?, config_type = ?, encrypted_data_key = ?, "
                        + "app_name = ?, description = ?, tags = ?, modified_millis = ?, src_user = ?, src_ip = ? "
                        + "WHERE id = ?",
                write.content(), md5, typeOf(write), text(write.encryptedDataKey()), text(write.appName()),
                text(write.description()), text(write.tags()), write.atMillis(), write.source().user(),
                write.source().ip(), current.get().id());
        long revision = history(c, current.get().id(), before, "U", md5, write.source(), write.atMillis());
        revise(c, current.get().id(), revision);
        return new Published(Outcome.UPDATED, written(write, md5, revision));
    }

    @Override
    public Optional<Removed> remove(ConfigKey key, ConfigWrite.Source source, long atMillis) {
        return jdbc.inTransaction(c -> {
            Optional<Row> current = locked(c, key);
            if (current.isEmpty()) {
                return Optional.empty();
            }
            Jdbc.execute(c, "DELETE FROM config_entry WHERE id = ?", current.get().id());
            return Optional.of(new Removed(current.get().entry(), history(c, current.get().id(),
                    current.get().entry(), "D", ConfigEntry.NO_MD5, source, atMillis)));
        });
    }

    @Override
    public List<Digest> digests() {
        return jdbc.query("SELECT namespace_id, group_name, data_id, md5, revision FROM config_entry",
                rs -> new Digest(new ConfigKey(rs.getString(1), rs.getString(2), rs.getString(3)), rs.getString(4),
                        rs.getLong(5)));
    }

    @Override
    public List<Digest> changesAfter(long revision, int limit) {
        return jdbc.query("SELECT namespace_id, group_name, data_id, new_md5, nid, gray_name FROM config_history "
                + "WHERE nid > ? ORDER BY nid LIMIT ?", rs -> new Digest(new ConfigKey(rs.getString(1),
                rs.getString(2), rs.getString(3)), rs.getString(4), rs.getLong(5), rs.getString(6)), revision, limit);
    }

    @Override
    public long lastRevision() {
        return jdbc.query("SELECT MAX(nid) FROM config_history", rs -> rs.getLong(1)).get(0);
    }

    private static Optional<Row> locked(Connection c, ConfigKey key) throws SQLException {
        return Jdbc.query(c, "SELECT " + COLUMNS + " FROM config_entry" + BY_KEY + " FOR UPDATE", JdbcConfigStore::row,
                key.namespace(), key.group(), key.dataId()).stream().findFirst();
    }

    private static void revise(Connection c, long id, long revision) throws SQLException {
        Jdbc.execute(c, "UPDATE config_entry SET revision = ? WHERE id = ?", revision, id);
    }

    /**
     * Records a change and returns its history id, the configuration's new revision. The content is the one
     * before the change for 'U' and 'D', the new one for 'I', as Nacos's history answers it.
     */
    private static long history(Connection c, long configId, ConfigEntry entry, String op, String newMd5,
                                ConfigWrite.Source source, long atMillis) throws SQLException {
        ConfigKey key = entry.key();
        return Jdbc.insertReturningId(c, "INSERT INTO config_history (config_id, namespace_id, group_name, data_id, "
                        + "op_type, content, md5, new_md5, config_type, encrypted_data_key, app_name, src_user, src_ip, "
                        + "changed_millis) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "nid",
                configId, key.namespace(), key.group(), key.dataId(), op, entry.content(), entry.md5(), newMd5,
                entry.type(), entry.encryptedDataKey(), entry.appName(), source.user(), source.ip(), atMillis);
    }

    private static Row row(ResultSet rs) throws SQLException {
        return new Row(rs.getLong(1), new ConfigEntry(new ConfigKey(rs.getString(2), rs.getString(3),
                rs.getString(4)), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                rs.getString(9), rs.getString(10), rs.getString(11), rs.getLong(12), rs.getLong(13)));
    }

    /** The row a write leaves, as {@link #row} would read it back. */
    private static ConfigEntry written(ConfigWrite write, String md5, long revision) {
        return new ConfigEntry(write.key(), write.content(), md5, typeOf(write), write.encryptedDataKey(),
                write.appName(), write.description(), write.tags(), write.atMillis(), revision);
    }

    private static String typeOf(ConfigWrite write) {
        return write.type() == null || write.type().isBlank() ? "text" : write.type();
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private DataSource dataSource() {
        return dataSource != null ? dataSource : naming.dataSource();
    }
}
