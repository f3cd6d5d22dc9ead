package io.jacos.persistence;

import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigGrayStore;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.GrayRule;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gray versions (migration V5) on H2 and PostgreSQL: beside the formal row, with their history. */
class JdbcConfigGrayStoreComponentTest extends OnH2AndPostgres {

    private static final ConfigKey KEY = new ConfigKey("public", "DEFAULT_GROUP", "app.properties");
    private static final ConfigWrite.Source ALICE = new ConfigWrite.Source("alice", "127.0.0.1");

    private static ConfigGrayStore.GrayWrite write(GrayRule rule, String content, String casMd5, long at) {
        return new ConfigGrayStore.GrayWrite(KEY, rule, content, "properties", null, "shop", casMd5, ALICE, at);
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void grayVersionsLiveBesideTheFormalOneWithTheirHistory(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore formal = new JdbcConfigStore(storage.dataSource());
            JdbcConfigGrayStore grays = new JdbcConfigGrayStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            ConfigStore.Published base = formal.publish(new ConfigWrite(KEY, "a=1", "properties", null, "shop", null,
                    null, null, ALICE, 1_000));

            GrayRule beta = GrayRule.beta("10.0.0.1,10.0.0.2");
            ConfigGrayStore.Published created = grays.publish(write(beta, "a=beta", null, 2_000), 2);
            assertEquals(ConfigGrayStore.Outcome.CREATED, created.outcome());
            assertTrue(created.gray().entry().revision() > base.entry().revision());
            assertEquals(Optional.of(created.gray()), grays.find(KEY, "beta"));
            assertEquals(Optional.of(base.entry()), formal.find(KEY), "the formal row is untouched");

            assertEquals(ConfigGrayStore.Outcome.CAS_MISMATCH,
                    grays.publish(write(beta, "a=x", ConfigEntry.md5Of("zzz"), 3_000), 2).outcome());
            ConfigGrayStore.Published updated = grays.publish(write(GrayRule.beta("10.0.0.3"), "a=beta2",
                    ConfigEntry.md5Of("a=beta"), 4_000), 2);
            assertEquals(ConfigGrayStore.Outcome.UPDATED, updated.outcome());
            assertEquals("10.0.0.3", grays.find(KEY, "beta").orElseThrow().rule().expression(), "the IPs replaced");

            grays.publish(write(GrayRule.tag("canary"), "a=tag", null, 5_000), 2);
            assertEquals(ConfigGrayStore.Outcome.TOO_MANY,
                    grays.publish(write(GrayRule.tag("third"), "a=3", null, 6_000), 2).outcome());
            assertEquals(List.of("beta", "tag_canary"), grays.digestsOf(KEY).stream()
                    .map(digest -> digest.rule().name()).sorted().toList());

            long removed = grays.remove(KEY, "beta", ALICE, 7_000).orElseThrow();
            assertEquals(Optional.empty(), grays.remove(KEY, "beta", ALICE, 8_000), "nothing left to stop");
            assertEquals(List.of("tag_canary"), grays.digests().stream().map(d -> d.rule().name()).toList());

            List<ConfigStore.Digest> changes = formal.changesAfter(base.entry().revision(), 10);
            assertEquals(List.of("beta", "beta", "tag_canary", "beta"), changes.stream()
                    .map(ConfigStore.Digest::grayName).toList(), "each gray change, named, for the catch-up");
            assertEquals(removed, changes.get(3).revision());
            assertEquals(ConfigEntry.NO_MD5, changes.get(3).md5());

            List<ConfigCatalog.Change> history = catalog.history(KEY, 1, 10).items();
            assertEquals(List.of("D beta a=beta2", "I tag_canary a=tag", "U beta a=beta", "I beta a=beta",
                    "I  a=1"), history.stream().map(c -> catalog.change(c.nid()).orElseThrow())
                    .map(c -> c.op() + " " + c.grayName() + " " + c.content()).toList(),
                    "gray changes in the history as Nacos records them: I the new content, U and D the one before");
            ConfigCatalog.Change last = catalog.lastChangeOf(history.get(4).configId()).orElseThrow();
            assertEquals("", last.grayName(), "the previous version of the formal row is a formal change");
        }
    }
}
