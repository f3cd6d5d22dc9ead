package io.jacos.persistence;

import io.jacos.application.ConfigCatalog;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link ConfigCatalog} over the tables {@link JdbcConfigStore} writes, with plain JDBC. A page and its total are
 * two statements, so a write between them may leave the total one off for that answer.
 */
@ApplicationScoped
public class JdbcConfigCatalog implements ConfigCatalog {

    private static final String DETAIL = "SELECT id, namespace_id, group_name, data_id, content, md5, config_type, "
            + "encrypted_data_key, app_name, description, tags, modified_millis, revision, created_millis, src_user, "
            + "src_ip FROM config_entry";
    private static final String CHANGE = "SELECT nid, config_id, namespace_id, group_name, data_id, op_type, content, "
            + "md5, config_type, encrypted_data_key, app_name, src_user, src_ip, changed_millis, gray_name "
            + "FROM config_history";
    // A history page leaves content out, as Nacos's does: a change's content is read one change at a time.
    private static final String CHANGE_HEAD = CHANGE.replace(" content,", " NULL AS content,");
    private static final String COUNT = "SELECT COUNT(*) FROM config_entry";
    private static final String BY_KEY = " WHERE namespace_id = ? AND group_name = ? AND data_id = ?";
    // '!' rather than a backslash: it needs no escaping in a string literal, whatever standard_conforming_strings says.
    private static final char ESCAPE = '!';
    private static final String LIKE = " LIKE ? ESCAPE '" + ESCAPE + "'";

    @Inject
    JpaNamingStore naming;

    private DataSource dataSource;
    private final Jdbc jdbc = new Jdbc(this::dataSource, "config catalog");

    /** For CDI. */
    public JdbcConfigCatalog() {
    }

    /** Over a data source of the caller's (tests). */
    JdbcConfigCatalog(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Optional<Detail> detail(ConfigKey key) {
        return jdbc.query(DETAIL + BY_KEY, JdbcConfigCatalog::detail, key.namespace(), key.group(), key.dataId())
                .stream().findFirst();
    }

    @Override
    public Page<Detail> search(Search search, int pageNo, int pageSize) {
        Where where = where(search);
        return page(DETAIL + where.sql() + " ORDER BY id", COUNT + where.sql(), where.args(), JdbcConfigCatalog::detail,
                pageNo, pageSize);
    }

    @Override
    public Page<Sized> searchSized(Search search, int pageNo, int pageSize) {
        Where where = where(search);
        return page("SELECT id, OCTET_LENGTH(content) FROM config_entry" + where.sql() + " ORDER BY id",
                COUNT + where.sql(), where.args(), rs -> new Sized(rs.getLong(1), rs.getLong(2)), pageNo, pageSize);
    }

    @Override
    public List<Detail> details(List<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        String marks = String.join(", ", Collections.nCopies(ids.size(), "?"));
        Map<Long, Detail> found = new HashMap<>();
        jdbc.query(DETAIL + " WHERE id IN (" + marks + ")", JdbcConfigCatalog::detail, ids.toArray())
                .forEach(detail -> found.put(detail.id(), detail));
        return ids.stream().map(found::get).filter(Objects::nonNull).toList();
    }

    private record Where(String sql, List<Object> args) {
    }

    private static Where where(Search search) {
        StringBuilder where = new StringBuilder(" WHERE namespace_id = ?");
        List<Object> args = new ArrayList<>(List.of(search.namespace()));
        matching(where, args, "data_id", search.dataId(), search.blur());
        matching(where, args, "group_name", search.group(), search.blur());
        if (!isBlank(search.appName())) {
            where.append(" AND app_name = ?");
            args.add(search.appName());
        }
        if (!isBlank(search.tags())) {
            // Fenced in commas, a tag matches one whole element of the list: "a" is in "a,b" but not in "ab,c".
            for (String tag : search.tags().split(",")) {
                if (!tag.isBlank()) {
                    where.append(" AND (',' || tags || ',')").append(LIKE);
                    args.add("%," + literal(tag.trim()) + ",%");
                }
            }
        }
        return new Where(where.toString(), args);
    }

    @Override
    public Page<Change> history(ConfigKey key, int pageNo, int pageSize) {
        return page(CHANGE_HEAD + BY_KEY + " ORDER BY nid DESC", "SELECT COUNT(*) FROM config_history" + BY_KEY,
                List.of(key.namespace(), key.group(), key.dataId()), JdbcConfigCatalog::change, pageNo, pageSize);
    }

    @Override
    public Optional<Change> change(long nid) {
        return jdbc.query(CHANGE + " WHERE nid = ?", JdbcConfigCatalog::change, nid).stream().findFirst();
    }

    @Override
    public Optional<Change> lastChangeOf(long configId) {
        return jdbc.query(CHANGE + " WHERE config_id = ? AND publish_type = 'formal' ORDER BY nid DESC LIMIT 1",
                JdbcConfigCatalog::change,
                configId).stream().findFirst();
    }

    @Override
    public List<ConfigKey> keysIn(String namespace, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit " + limit);
        }
        return jdbc.query("SELECT namespace_id, group_name, data_id FROM config_entry WHERE namespace_id = ? "
                        + "ORDER BY group_name, data_id LIMIT ?",
                rs -> new ConfigKey(rs.getString(1), rs.getString(2), rs.getString(3)), namespace, limit);
    }

    private <T> Page<T> page(String select, String count, List<Object> args, Jdbc.Rows<T> rows, int pageNo,
                             int pageSize) {
        if (pageNo < 1 || pageSize < 1) {
            throw new IllegalArgumentException("page " + pageNo + " of size " + pageSize);
        }
        long total = jdbc.query(count, rs -> rs.getLong(1), args.toArray()).get(0);
        List<Object> paged = new ArrayList<>(args);
        paged.add(pageSize);
        paged.add((pageNo - 1L) * pageSize);
        return new Page<>(total, jdbc.query(select + " LIMIT ? OFFSET ?", rows, paged.toArray()));
    }

    private static void matching(StringBuilder where, List<Object> args, String column, String value, boolean blur) {
        if (isBlank(value)) {
            return;
        }
        if (blur) {
            where.append(" AND ").append(column).append(LIKE);
            args.add(literal(value).replace('*', '%'));
        } else {
            where.append(" AND ").append(column).append(" = ?");
            args.add(value);
        }
    }

    /** {@code text} as a LIKE pattern that matches only itself; {@code *} is left for the caller to widen. */
    private static String literal(String text) {
        StringBuilder pattern = new StringBuilder(text.length() + 8);
        for (char ch : text.toCharArray()) {
            if (ch == ESCAPE || ch == '%' || ch == '_') {
                pattern.append(ESCAPE);
            }
            pattern.append(ch);
        }
        return pattern.toString();
    }

    private static Detail detail(ResultSet rs) throws SQLException {
        ConfigEntry entry = new ConfigEntry(new ConfigKey(rs.getString(2), rs.getString(3), rs.getString(4)),
                rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                rs.getString(10), rs.getString(11), rs.getLong(12), rs.getLong(13));
        return new Detail(rs.getLong(1), entry, rs.getLong(14), rs.getString(15), rs.getString(16));
    }

    private static Change change(ResultSet rs) throws SQLException {
        return new Change(rs.getLong(1), rs.getLong(2), new ConfigKey(rs.getString(3), rs.getString(4),
                rs.getString(5)), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                rs.getString(10), rs.getString(11), rs.getString(12), rs.getString(13), rs.getLong(14),
                rs.getString(15));
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    private DataSource dataSource() {
        return dataSource != null ? dataSource : naming.dataSource();
    }
}
