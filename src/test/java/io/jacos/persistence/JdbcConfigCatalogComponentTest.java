package io.jacos.persistence;

import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigCatalog.Change;
import io.jacos.application.ConfigCatalog.Detail;
import io.jacos.application.ConfigCatalog.Page;
import io.jacos.application.ConfigCatalog.Search;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the catalog reads back of the configuration tables (migration V4), on H2 and PostgreSQL. */
class JdbcConfigCatalogComponentTest extends OnH2AndPostgres {

    private static final String NS = "public";
    private static final String OTHER_NS = "dev";
    private static final ConfigKey KEY = new ConfigKey(NS, "DEFAULT_GROUP", "app.properties");
    private static final ConfigWrite.Source ALICE = new ConfigWrite.Source("alice", "127.0.0.1");
    private static final ConfigWrite.Source BOB = new ConfigWrite.Source("bob", "10.0.0.2");
    private static final ConfigWrite.Source CAROL = new ConfigWrite.Source("carol", "10.0.0.3");

    private static ConfigStore.Published publish(ConfigStore store, ConfigKey key, String content, String appName,
                                                 String tags, ConfigWrite.Source source, long at) {
        return store.publish(new ConfigWrite(key, content, "properties", null, appName, "about " + key.dataId(), tags,
                null, source, at));
    }

    private static ConfigStore.Published publish(ConfigStore store, String group, String dataId) {
        return publish(store, new ConfigKey(NS, group, dataId), "x=1", "", "", ALICE, 1_000);
    }

    private static Search search(String dataId, String group, boolean blur) {
        return new Search(NS, dataId, group, null, null, blur);
    }

    private static List<String> found(ConfigCatalog catalog, Search search) {
        Page<Detail> page = catalog.search(search, 1, 100);
        assertEquals(page.items().size(), page.total(), "everything fits on the first page");
        return page.items().stream().map(d -> d.entry().key().group() + "/" + d.entry().key().dataId()).toList();
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void detailIsTheRowWithItsIdCreationAndLastWriter(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            assertEquals(Optional.empty(), catalog.detail(KEY));

            publish(store, KEY, "a=1", "shop", "a,b", ALICE, 1_000);
            ConfigStore.Published updated = publish(store, KEY, "a=2", "shop", "a,b", BOB, 2_000);
            Detail detail = catalog.detail(KEY).orElseThrow();

            assertTrue(detail.id() > 0);
            assertEquals(updated.entry(), detail.entry(), "the entry as the store wrote it, revision included");
            assertEquals(store.find(KEY).orElseThrow(), detail.entry());
            assertEquals(1_000, detail.createdMillis());
            assertEquals(2_000, detail.entry().modifiedMillis());
            assertEquals("bob", detail.srcUser());
            assertEquals("10.0.0.2", detail.srcIp());
            assertEquals("about app.properties", detail.entry().description());
            assertEquals(Optional.empty(), catalog.detail(new ConfigKey(OTHER_NS, KEY.group(), KEY.dataId())));
        }
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void searchesAccuratelyOrByPatternWithinOneNamespace(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            publish(store, "G1", "app.properties");
            publish(store, "G1", "app.yaml");
            publish(store, "G1", "db.properties");
            publish(store, "G2", "app.properties");
            publish(store, "H1", "app.json");
            publish(store, new ConfigKey(OTHER_NS, "G1", "app.properties"), "x=1", "", "", ALICE, 1_000);

            assertEquals(List.of("G1/app.properties", "G2/app.properties"),
                    found(catalog, search("app.properties", null, false)), "by data id, in creation order");
            assertEquals(List.of("G1/app.properties"), found(catalog, search("app.properties", "G1", false)));
            assertEquals(List.of(), found(catalog, search("app.*", null, false)), "an accurate '*' is a '*'");
            assertEquals(List.of("G1/app.properties", "G1/app.yaml", "G2/app.properties", "H1/app.json"),
                    found(catalog, search("app.*", null, true)));
            assertEquals(List.of("G1/app.properties", "G1/db.properties"),
                    found(catalog, search("*.properties", "G1", true)));
            assertEquals(List.of("G1/app.yaml"), found(catalog, search("*y*", "G*", true)));
            assertEquals(List.of("G1/app.properties", "G1/app.yaml", "G1/db.properties", "G2/app.properties"),
                    found(catalog, search(null, "G*", true)));
            assertEquals(List.of(), found(catalog, search("app", null, true)), "no '*': the whole id must match");
            assertEquals(5, catalog.search(search(" ", "", true), 1, 100).total(), "blank matches any");
            assertEquals(List.of("G1/app.properties"),
                    found(catalog, new Search(OTHER_NS, null, null, null, null, true)));
        }
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void percentUnderscoreAndTheEscapeCharacterMatchOnlyThemselves(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            for (String dataId : List.of("a_b", "axb", "a%b", "aXYb", "a!b", "a\\b")) {
                publish(store, "G", dataId);
            }

            assertEquals(List.of("G/a_b"), found(catalog, search("a_b", null, true)));
            assertEquals(List.of("G/a_b"), found(catalog, search("a_*", null, true)));
            assertEquals(List.of("G/a%b"), found(catalog, search("a%b", null, true)));
            assertEquals(List.of("G/a!b"), found(catalog, search("a!b", null, true)));
            assertEquals(List.of("G/a\\b"), found(catalog, search("a\\b", null, true)));
            assertEquals(List.of("G/a_b", "G/axb", "G/a%b", "G/aXYb", "G/a!b", "G/a\\b"),
                    found(catalog, search("a*b", null, true)));
            assertEquals(List.of(), found(catalog, search(null, "_", true)));
        }
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void appNameMustMatchExactlyAndEveryTagMustBeAWholeTag(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            publish(store, new ConfigKey(NS, "G", "one"), "x=1", "shop", "a,b", ALICE, 1_000);
            publish(store, new ConfigKey(NS, "G", "two"), "x=1", "shop", "ab,c", ALICE, 1_000);
            publish(store, new ConfigKey(NS, "G", "three"), "x=1", "bill", "b,a", ALICE, 1_000);
            publish(store, new ConfigKey(NS, "G", "four"), "x=1", "", "", ALICE, 1_000);
            publish(store, new ConfigKey(OTHER_NS, "G", "five"), "x=1", "shop", "a", ALICE, 1_000);

            assertEquals(List.of("G/one", "G/three"), found(catalog, tagged(null, "a")), "'a' is not in 'ab,c'");
            assertEquals(List.of("G/two"), found(catalog, tagged(null, "ab")), "'ab' is not in 'a,b'");
            assertEquals(List.of("G/one", "G/three"), found(catalog, tagged(null, "a,b")), "each tag, any order");
            assertEquals(List.of(), found(catalog, tagged(null, "a,c")), "every tag, not any");
            assertEquals(List.of(), found(catalog, tagged(null, "a_")), "a '_' in a tag is a '_'");
            assertEquals(List.of(), found(catalog, tagged(null, "%")));
            assertEquals(List.of("G/one", "G/two"), found(catalog, tagged("shop", null)));
            assertEquals(List.of("G/one"), found(catalog, tagged("shop", "a")));
            assertEquals(List.of(), found(catalog, tagged("sho", null)), "the app name matches exactly");
        }
    }

    private static Search tagged(String appName, String tags) {
        return new Search(NS, null, null, appName, tags, true);
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void pagesCarryTheTotalAndAPagePastTheEndIsEmpty(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            for (int i = 0; i < 5; i++) {
                publish(store, "G", "d" + i);
            }
            publish(store, new ConfigKey(OTHER_NS, "G", "d9"), "x=1", "", "", ALICE, 1_000);
            Search all = search("d*", null, true);

            assertEquals(List.of("d0", "d1"), ids(catalog.search(all, 1, 2)));
            assertEquals(5, catalog.search(all, 1, 2).total());
            assertEquals(List.of("d2", "d3"), ids(catalog.search(all, 2, 2)));
            assertEquals(List.of("d4"), ids(catalog.search(all, 3, 2)));
            Page<Detail> past = catalog.search(all, 4, 2);
            assertEquals(5, past.total(), "the true total, past the end too");
            assertEquals(List.of(), past.items());
            assertEquals(new Page<>(0, List.of()), catalog.search(search("nothing", null, false), 1, 10));
            assertThrows(IllegalArgumentException.class, () -> catalog.search(all, 0, 2));
            assertThrows(IllegalArgumentException.class, () -> catalog.history(KEY, 1, 0));
        }
    }

    private static List<String> ids(Page<Detail> page) {
        return page.items().stream().map(d -> d.entry().key().dataId()).toList();
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void historyIsNewestFirstWithTheContentEachOpKeeps(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            publish(store, KEY, "a=1", "shop", "", ALICE, 1_000);
            long configId = catalog.detail(KEY).orElseThrow().id();
            publish(store, KEY, "a=2", "shop", "", BOB, 2_000);
            store.remove(KEY, CAROL, 3_000).orElseThrow();
            publish(store, new ConfigKey(OTHER_NS, KEY.group(), KEY.dataId()), "o=1", "", "", ALICE, 4_000);

            Page<Change> history = catalog.history(KEY, 1, 10);
            assertEquals(3, history.total());
            List<Change> changes = history.items();
            assertEquals(List.of("D", "U", "I"), changes.stream().map(Change::op).toList());
            assertEquals(Arrays.asList(null, null, null), changes.stream().map(Change::content).toList(),
                    "a page carries no content");
            assertEquals(List.of("a=2", "a=1", "a=1"), changes.stream()
                            .map(change -> catalog.change(change.nid()).orElseThrow().content()).toList(),
                    "I keeps the new content, U and D the content before");
            assertEquals(List.of(ConfigEntry.md5Of("a=2"), ConfigEntry.md5Of("a=1"), ConfigEntry.md5Of("a=1")),
                    changes.stream().map(Change::md5).toList());
            assertEquals(List.of(3_000L, 2_000L, 1_000L), changes.stream().map(Change::changedMillis).toList());
            assertEquals(List.of("carol", "bob", "alice"), changes.stream().map(Change::srcUser).toList());
            assertEquals(List.of("10.0.0.3", "10.0.0.2", "127.0.0.1"), changes.stream().map(Change::srcIp).toList());
            for (Change change : changes) {
                assertEquals(KEY, change.key());
                assertEquals(configId, change.configId());
                assertEquals("properties", change.type());
                assertEquals("shop", change.appName());
            }
            assertTrue(changes.get(0).nid() > changes.get(1).nid() && changes.get(1).nid() > changes.get(2).nid());
            Page<Change> second = catalog.history(KEY, 2, 2);
            assertEquals(3, second.total());
            assertEquals(List.of(changes.get(2)), second.items());
            assertEquals(new Page<>(3, List.of()), catalog.history(KEY, 3, 2));
            assertEquals(1, catalog.history(new ConfigKey(OTHER_NS, KEY.group(), KEY.dataId()), 1, 10).total());

            assertEquals(changes.get(1).nid(), catalog.change(changes.get(1).nid()).orElseThrow().nid());
            assertEquals(Optional.empty(), catalog.change(changes.get(0).nid() + 1_000));
            assertEquals(catalog.change(changes.get(0).nid()), catalog.lastChangeOf(configId), "the removal, last");

            publish(store, KEY, "b=1", "", "", ALICE, 5_000);
            long again = catalog.detail(KEY).orElseThrow().id();
            assertTrue(again != configId, "re-created, a new row");
            assertEquals(catalog.change(changes.get(0).nid()), catalog.lastChangeOf(configId));
            Change created = catalog.lastChangeOf(again).orElseThrow();
            assertEquals("I", created.op());
            assertEquals("b=1", created.content());
            assertEquals(4, catalog.history(KEY, 1, 10).total(), "history follows the key across rows");
            assertEquals(Optional.empty(), catalog.lastChangeOf(again + 1_000));
        }
    }

    @ParameterizedTest(name = "H2: {0}")
    @ValueSource(booleans = {true, false})
    void keysInOneNamespaceByGroupThenDataIdUpToTheLimit(boolean h2) throws Exception {
        try (Storage storage = open(h2)) {
            JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
            JdbcConfigCatalog catalog = new JdbcConfigCatalog(storage.dataSource());
            publish(store, "g2", "b");
            publish(store, "g1", "z");
            publish(store, "g1", "a");
            publish(store, "g2", "a");
            publish(store, new ConfigKey(OTHER_NS, "g0", "a"), "x=1", "", "", ALICE, 1_000);
            publish(store, "g3", "gone");
            store.remove(new ConfigKey(NS, "g3", "gone"), ALICE, 2_000);

            assertEquals(List.of(new ConfigKey(NS, "g1", "a"), new ConfigKey(NS, "g1", "z"),
                    new ConfigKey(NS, "g2", "a"), new ConfigKey(NS, "g2", "b")), catalog.keysIn(NS, 10));
            assertEquals(List.of(new ConfigKey(NS, "g1", "a"), new ConfigKey(NS, "g1", "z"), new ConfigKey(NS, "g2",
                    "a")), catalog.keysIn(NS, 3));
            assertEquals(List.of(new ConfigKey(OTHER_NS, "g0", "a")), catalog.keysIn(OTHER_NS, 10));
            assertEquals(List.of(), catalog.keysIn("nowhere", 10));
        }
    }
}
