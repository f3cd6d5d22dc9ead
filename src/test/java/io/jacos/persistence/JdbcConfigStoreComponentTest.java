package io.jacos.persistence;

import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The configuration tables (migration V4) on H2 and PostgreSQL through plain JDBC. */
class JdbcConfigStoreComponentTest extends OnH2AndPostgres {

    private static final ConfigKey KEY = new ConfigKey("public", "DEFAULT_GROUP", "app.properties");
    private static final ConfigWrite.Source ALICE = new ConfigWrite.Source("alice", "127.0.0.1");

    private static ConfigWrite write(String content, String casMd5, long at) {
        return new ConfigWrite(KEY, content, "properties", null, "shop", "the shop's settings", "a,b", casMd5,
                ALICE, at);
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void publishUpdateCompareAndSetRemoveAndTheirHistory(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            assertEquals(Optional.empty(), store.find(KEY));
            assertEquals(0, store.lastRevision(), "no change yet");

            ConfigStore.Published created = store.publish(write("a=1", null, 1_000));
            assertEquals(ConfigStore.Outcome.CREATED, created.outcome());
            assertEquals(ConfigEntry.md5Of("a=1"), created.entry().md5());
            assertTrue(created.entry().revision() > 0, "the revision is the change's history id");
            assertEquals("properties", created.entry().type());
            assertEquals(Optional.of(created.entry()), store.find(KEY));

            ConfigStore.Published refused = store.publish(write("a=2", ConfigEntry.md5Of("a=0"), 2_000));
            assertEquals(ConfigStore.Outcome.CAS_MISMATCH, refused.outcome());
            assertEquals("a=1", store.find(KEY).orElseThrow().content(), "a refused compare-and-set changes nothing");

            ConfigStore.Published updated = store.publish(write("a=2", ConfigEntry.md5Of("a=1"), 3_000));
            assertEquals(ConfigStore.Outcome.UPDATED, updated.outcome());
            assertTrue(updated.entry().revision() > created.entry().revision());
            assertEquals(3_000, updated.entry().modifiedMillis());
            assertEquals(List.of(new ConfigStore.Digest(KEY, ConfigEntry.md5Of("a=2"), updated.entry().revision())),
                    store.digests());

            ConfigStore.Removed removed = store.remove(KEY, ALICE, 4_000).orElseThrow();
            assertEquals(updated.entry(), removed.before());
            assertTrue(removed.revision() > updated.entry().revision(), "a removal is a change with its revision");
            assertEquals(Optional.empty(), store.find(KEY));
            assertEquals(Optional.empty(), store.remove(KEY, ALICE, 5_000), "removing what is gone finds nothing");

            assertEquals(List.of("I a=1 -> " + ConfigEntry.md5Of("a=1"), "U a=1 -> " + ConfigEntry.md5Of("a=2"),
                    "D a=2 -> "), history(storage));

            ConfigStore.Published again = store.publish(write("b=1", ConfigEntry.md5Of("zzz"), 6_000));
            assertEquals(ConfigStore.Outcome.CREATED, again.outcome(), "compare-and-set over nothing creates");
            assertTrue(again.entry().revision() > removed.revision(), "re-created after its removal, still newer");
            assertEquals(again.entry().revision(), store.lastRevision());
            assertEquals(List.of(ConfigEntry.md5Of("a=2"), ConfigEntry.NO_MD5, ConfigEntry.md5Of("b=1")),
                    store.changesAfter(updated.entry().revision() - 1, 10).stream().map(ConfigStore.Digest::md5)
                            .toList(), "the changes after a revision, oldest first, each with the md5 after it");
        }
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void twoWritersCreatingOneConfigurationBothLandInOrder(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            ExecutorService writers = Executors.newFixedThreadPool(2);
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<ConfigStore.Published>> results = new ArrayList<>();
                for (String content : List.of("x=1", "x=2")) {
                    results.add(writers.submit(() -> {
                        start.await();
                        return store.publish(write(content, null, 1_000));
                    }));
                }
                start.countDown();
                List<ConfigStore.Outcome> outcomes = new ArrayList<>();
                for (Future<ConfigStore.Published> result : results) {
                    outcomes.add(result.get(30, TimeUnit.SECONDS).outcome());
                }
                assertEquals(Set.of(ConfigStore.Outcome.CREATED, ConfigStore.Outcome.UPDATED), Set.copyOf(outcomes));
                ConfigEntry last = store.find(KEY).orElseThrow();
                assertEquals(ConfigEntry.md5Of(last.content()), last.md5());
                assertEquals(2, history(storage).size());
            } finally {
                writers.shutdownNow();
            }
        }
    }

    private static List<String> history(Storage storage) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = storage.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT op_type, content, new_md5 FROM config_history ORDER BY nid")) {
            while (rs.next()) {
                rows.add(rs.getString(1) + " " + rs.getString(2) + " -> " + rs.getString(3));
            }
        }
        return rows;
    }
}
