package io.jacos.persistence;

import io.jacos.application.ConfigGrayStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigGray;
import io.jacos.model.ConfigKey;
import io.jacos.model.GrayRule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * {@link ConfigGrayStore} in the naming store's database (table {@code config_gray}, migration V5), with plain
 * JDBC. A write locks the configuration's gray rows first, so the count bound and a compare-and-set are decided on
 * the rows as they are; two creations of one gray version at once meet on the unique key, and the later one
 * retries as an update. The formal row is never read or written here.
 */
@ApplicationScoped
public class JdbcConfigGrayStore implements ConfigGrayStore {

    private static final String COLUMNS = "id, namespace_id, group_name, data_id, gray_kind, gray_rule, content, md5, "
            + "config_type, encrypted_data_key, app_name, modified_millis, revision";
    private static final String BY_KEY = " WHERE namespace_id = ? AND group_name = ? AND data_id = ?";

    @Inject
    JpaNamingStore naming;

    private DataSource dataSource;
    private final Jdbc jdbc = new Jdbc(this::dataSource, "config gray store");

    /** For CDI. */
    public JdbcConfigGrayStore() {
    }

    /** Over a data source of the caller's (tests). */
    JdbcConfigGrayStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    private record Row(long id, ConfigGray gray) {
    }

    @Override
    public Optional<ConfigGray> find(ConfigKey key, String grayName) {
        return jdbc.query("SELECT " + COLUMNS + " FROM config_gray" + BY_KEY + " AND gray_name = ?",
                JdbcConfigGrayStore::row, key.namespace(), key.group(), key.dataId(), grayName).stream().findFirst()
                .map(Row::gray);
    }

    @Override
    public List<GrayDigest> digestsOf(ConfigKey key) {
        return jdbc.query(DIGEST + BY_KEY, JdbcConfigGrayStore::digest, key.namespace(), key.group(), key.dataId());
    }

    @Override
    public List<GrayDigest> digests() {
        return jdbc.query(DIGEST, JdbcConfigGrayStore::digest);
    }

    private static final String DIGEST = "SELECT namespace_id, group_name, data_id, gray_kind, gray_rule, md5, "
            + "revision FROM config_gray";

    @Override
    public Published publish(GrayWrite write, int maxPerConfig) {
        try {
            return jdbc.inTransaction(c -> publish(c, write, maxPerConfig));
        } catch (Jdbc.Conflict e) {
            return jdbc.inTransaction(c -> publish(c, write, maxPerConfig));
        }
    }

    private static Published publish(Connection c, GrayWrite write, int maxPerConfig) throws SQLException {
        ConfigKey key = write.key();
        List<Row> rows = Jdbc.query(c, "SELECT " + COLUMNS + " FROM config_gray" + BY_KEY + " FOR UPDATE",
                JdbcConfigGrayStore::row, key.namespace(), key.group(), key.dataId());
        Optional<Row> current = rows.stream().filter(r -> r.gray().name().equals(write.rule().name())).findFirst();
        String md5 = ConfigEntry.md5Of(write.content());
        String type = write.type() == null || write.type().isBlank() ? "text" : write.type();
        if (current.isEmpty()) {
            if (rows.size() >= maxPerConfig) {
                return new Published(Outcome.TOO_MANY, null);
            }
            long id = Jdbc.insertReturningId(c, "INSERT INTO config_gray (namespace_id, group_name, data_id, "
                            + "gray_name, gray_kind, gray_rule, content, md5, config_type, encrypted_data_key, app_name, "
                            + "modified_millis, revision, src_user, src_ip) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)", "id",
                    key.namespace(), key.group(), key.dataId(), write.rule().name(), write.rule().kind().name(),
                    write.rule().expression(), write.content(), md5, type, text(write.encryptedDataKey()),
                    text(write.appName()), write.atMillis(), write.source().user(), write.source().ip());
            ConfigGray written = written(write, md5, type, 0);
            long revision = history(c, id, written, "I", md5, write.source(), write.atMillis());
            Jdbc.execute(c, "UPDATE config_gray SET revision = ? WHERE id = ?", revision, id);
            return new Published(Outcome.CREATED, written(write, md5, type, revision));
        }
        ConfigGray before = current.get().gray();
        if (write.casMd5() != null && !write.casMd5().isBlank() && !before.entry().md5().equals(write.casMd5())) {
            return new Published(Outcome.CAS_MISMATCH, before);
        }
        Jdbc.execute(c, "UPDATE config_gray SET gray_rule = ?, content = ?, md5 = ?, config_type = ?, "
                        + "encrypted_data_key = ?, app_name = ?, modified_millis = ?, src_user = ?, src_ip = ? "
                        + "WHERE id = ?", write.rule().expression(), write.content(), md5, type,
                text(write.encryptedDataKey()), text(write.appName()), write.atMillis(), write.source().user(),
                write.source().ip(), current.get().id());
        long revision = history(c, current.get().id(), before, "U", md5, write.source(), write.atMillis());
        Jdbc.execute(c, "UPDATE config_gray SET revision = ? WHERE id = ?", revision, current.get().id());
        return new Published(Outcome.UPDATED, written(write, md5, type, revision));
    }

    @Override
    public Optional<Long> remove(ConfigKey key, String grayName, ConfigWrite.Source source, long atMillis) {
        return jdbc.inTransaction(c -> {
            Optional<Row> current = Jdbc.query(c, "SELECT " + COLUMNS + " FROM config_gray" + BY_KEY
                    + " AND gray_name = ? FOR UPDATE", JdbcConfigGrayStore::row, key.namespace(), key.group(),
                    key.dataId(), grayName).stream().findFirst();
            if (current.isEmpty()) {
                return Optional.empty();
            }
            Jdbc.execute(c, "DELETE FROM config_gray WHERE id = ?", current.get().id());
            return Optional.of(history(c, current.get().id(), current.get().gray(), "D", ConfigEntry.NO_MD5, source,
                    atMillis));
        });
    }

    /** As the formal history, with publish type {@code gray} and the version's name. */
    private static long history(Connection c, long grayId, ConfigGray gray, String op, String newMd5,
                                ConfigWrite.Source source, long atMillis) throws SQLException {
        ConfigEntry entry = gray.entry();
        ConfigKey key = entry.key();
        return Jdbc.insertReturningId(c, "INSERT INTO config_history (config_id, namespace_id, group_name, data_id, "
                        + "op_type, content, md5, new_md5, config_type, encrypted_data_key, app_name, src_user, src_ip, "
                        + "changed_millis, publish_type, gray_name) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'gray', ?)", "nid",
                grayId, key.namespace(), key.group(), key.dataId(), op, entry.content(), entry.md5(), newMd5,
                entry.type(), entry.encryptedDataKey(), entry.appName(), source.user(), source.ip(), atMillis,
                gray.name());
    }

    private static ConfigGray written(GrayWrite write, String md5, String type, long revision) {
        return new ConfigGray(write.rule(), new ConfigEntry(write.key(), write.content(), md5, type,
                write.encryptedDataKey(), write.appName(), null, null, write.atMillis(), revision));
    }

    private static GrayRule rule(String kind, String expression) {
        return new GrayRule(GrayRule.Kind.valueOf(kind), expression);
    }

    private static Row row(ResultSet rs) throws SQLException {
        ConfigKey key = new ConfigKey(rs.getString(2), rs.getString(3), rs.getString(4));
        return new Row(rs.getLong(1), new ConfigGray(rule(rs.getString(5), rs.getString(6)), new ConfigEntry(key,
                rs.getString(7), rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11), null, null,
                rs.getLong(12), rs.getLong(13))));
    }

    private static GrayDigest digest(ResultSet rs) throws SQLException {
        return new GrayDigest(new ConfigKey(rs.getString(1), rs.getString(2), rs.getString(3)),
                rule(rs.getString(4), rs.getString(5)), rs.getString(6), rs.getLong(7));
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private DataSource dataSource() {
        return dataSource != null ? dataSource : naming.dataSource();
    }
}
