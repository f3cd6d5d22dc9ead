package io.jacos.persistence;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigWrite;
import io.jacos.application.ConfigGrays;
import io.jacos.application.internal.DefaultConfigGrays;
import io.jacos.application.internal.DefaultConfigService;
import io.jacos.application.internal.GrayIndexing;
import io.jacos.application.validation.InputValidator;
import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.event.ConfigChanged;
import io.jacos.event.StoredConfigChanged;
import io.jacos.settings.ConfigSettings;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import io.jacos.model.RegistryException;
import io.jacos.testing.RecordingEvent;
import jakarta.validation.Validation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Two nodes on one database: a change committed through one reaches the other's index (and so its listeners)
 * by the catch-up, removals and changes committed out of order included.
 */
class ConfigCatchUpComponentTest {

    private static final ConfigWrite.Source SOURCE = new ConfigWrite.Source("", "127.0.0.1");
    private static final ConfigRef REF = new ConfigRef("", "DEFAULT_GROUP", "shared.yaml");

    @TempDir
    Path folder;

    private record Node(DefaultConfigService configs, DefaultConfigGrays grays,
                        RecordingEvent<ConfigChanged> changed, RecordingEvent<StoredConfigChanged> stored) {
    }

    private static Node node(Storage storage) {
        RecordingEvent<ConfigChanged> changed = new RecordingEvent<>();
        RecordingEvent<StoredConfigChanged> stored = new RecordingEvent<>();
        InputValidator validator = new InputValidator(Validation.buildDefaultValidatorFactory());
        ConfigIndex index = new ConfigIndex();
        JdbcConfigStore store = new JdbcConfigStore(storage.dataSource());
        JdbcConfigGrayStore grayStore = new JdbcConfigGrayStore(storage.dataSource());
        GrayIndexing indexing = new GrayIndexing(grayStore, index, changed);
        DefaultConfigService configs = new DefaultConfigService(validator, store, index, new ConfigListeners(),
                changed, stored, new ConfigSettings(1, 10_000, 1, 1_000, 2), Clock.systemUTC(), indexing);
        configs.loadIndex();
        return new Node(configs, new DefaultConfigGrays(validator, grayStore, store, index, indexing, stored,
                Clock.systemUTC()), changed, stored);
    }

    @Test
    void aGrayReleaseThroughOneNodeReachesTheOthersAndNeverChangesTheFormalVersion() throws Exception {
        try (Storage storage = Storage.open(StorageConfig.h2(folder.resolve("gray")))) {
            Node a = node(storage);
            Node b = node(storage);
            ConfigKey key = a.configs().keyOf(REF);
            ConfigView beta = new ConfigView("10.0.0.7", null);
            ConfigView other = new ConfigView("10.0.0.8", null);
            a.configs().publish(publish("v: 1"), SOURCE);
            b.configs().catchUp();
            int told = b.changed().fired().size();

            a.grays().publish(publish("v: beta"), GrayRule.beta("10.0.0.7"), SOURCE);
            assertEquals(ConfigEntry.md5Of("v: beta"), a.configs().md5(key, beta));
            assertEquals(ConfigEntry.md5Of("v: 1"), a.configs().md5(key, other));
            assertEquals(ConfigEntry.md5Of("v: 1"), a.configs().md5(key), "the formal version is unchanged");
            assertEquals("v: 1", a.configs().get(REF).orElseThrow().content());

            b.configs().catchUp();
            assertEquals(ConfigEntry.md5Of("v: beta"), b.configs().md5(key, beta), "the peer serves the beta");
            assertEquals(ConfigEntry.md5Of("v: 1"), b.configs().md5(key, other));
            assertEquals(told + 1, b.changed().fired().size(), "the peer's listeners are compared again, once");
            b.configs().catchUp();
            assertEquals(told + 1, b.changed().fired().size(), "a gray change is taken once");
            assertEquals("v: beta", b.grays().read(REF, beta, false).orElseThrow().entry().content());
            assertEquals("v: 1", b.grays().read(REF, other, false).orElseThrow().entry().content());

            Node late = node(storage);
            assertEquals(ConfigEntry.md5Of("v: beta"), late.configs().md5(key, beta), "a later node loads grays");

            assertTrue(a.grays().remove(REF, GrayRule.BETA_NAME, SOURCE));
            b.configs().catchUp();
            assertEquals(ConfigEntry.md5Of("v: 1"), b.configs().md5(key, beta), "stopped: the formal again");
            assertEquals("v: 1", a.configs().get(REF).orElseThrow().content());
        }
    }

    @Test
    void overTheGrayVersionsBoundAPublishIsRefusedAndNothingIsWritten() throws Exception {
        try (Storage storage = Storage.open(StorageConfig.h2(folder.resolve("bound")))) {
            Node node = node(storage);
            for (int i = 0; i < ConfigGrays.MAX_PER_CONFIG; i++) {
                node.grays().publish(publish("v: " + i), GrayRule.tag("t" + i), SOURCE);
            }
            RegistryException refused = assertThrows(RegistryException.class, () -> node.grays().publish(
                    publish("v: over"), GrayRule.tag("over"), SOURCE));
            assertEquals(RegistryException.INVALID_PARAM, refused.code());
            assertTrue(node.grays().find(REF, GrayRule.tag("over").name()).isEmpty(), "nothing stored");
            node.grays().publish(publish("v: again"), GrayRule.tag("t0"), SOURCE);
            assertEquals("v: again", node.grays().find(REF, "tag_t0").orElseThrow().entry().content(),
                    "an existing gray version still takes changes");
            assertTrue(node.configs().get(REF).isEmpty(), "no gray publish made a formal version");
        }
    }

    private static ConfigPublish publish(String content) {
        return new ConfigPublish(REF, content, "yaml", null, null, null, null, null);
    }

    @Test
    void aChangeThroughOneNodeReachesTheOthersIndexAndListeners() throws Exception {
        try (Storage storage = Storage.open(StorageConfig.h2(folder.resolve("data")))) {
            Node a = node(storage);
            Node b = node(storage);
            ConfigKey key = a.configs().keyOf(REF);

            a.configs().publish(publish("v: 1"), SOURCE);
            assertEquals(ConfigEntry.NO_MD5, b.configs().md5(key), "not before the catch-up");
            b.configs().catchUp();
            assertEquals(ConfigEntry.md5Of("v: 1"), b.configs().md5(key));
            assertEquals(List.of(key), b.changed().fired().stream().map(ConfigChanged::key).toList());

            b.configs().catchUp();
            assertEquals(1, b.changed().fired().size(), "a change is told once");

            a.configs().publish(publish("v: 2"), SOURCE);
            a.configs().remove(REF, SOURCE);
            b.configs().catchUp();
            assertEquals(ConfigEntry.NO_MD5, b.configs().md5(key), "the removal, the newest change, wins");
            assertEquals(List.of(key, key, key), a.stored().fired().stream().map(StoredConfigChanged::key).toList(),
                    "each write of this node is told to its peers");
            assertEquals(List.of(), b.stored().fired(), "what a node read from the store is not its own write");

            Node late = node(storage);
            assertEquals(ConfigEntry.NO_MD5, late.configs().md5(key), "a node started later loads the same");
        }
    }

    @Test
    void aFullNamespaceRefusesANewConfigurationButTakesChangesAndOtherNamespacesStillCreate() throws Exception {
        try (Storage storage = Storage.open(StorageConfig.h2(folder.resolve("full")))) {
            Node node = node(storage);
            node.configs().publish(publish("v: 1"), SOURCE);
            node.configs().publish(new ConfigPublish(new ConfigRef("", "DEFAULT_GROUP", "second.yaml"), "v: 1",
                    "yaml", null, null, null, null, null), SOURCE);
            ConfigRef third = new ConfigRef("", "DEFAULT_GROUP", "third.yaml");
            RegistryException refused = assertThrows(RegistryException.class, () -> node.configs().publish(
                    new ConfigPublish(third, "v: 1", "yaml", null, null, null, null, null), SOURCE));
            assertEquals(RegistryException.OVER_THRESHOLD, refused.code());
            assertTrue(refused.getMessage().contains("jacos.config.max-per-namespace"), refused.getMessage());
            assertTrue(node.configs().get(third).isEmpty(), "nothing stored");

            node.configs().publish(publish("v: 2"), SOURCE);
            assertEquals(ConfigEntry.md5Of("v: 2"), node.configs().md5(node.configs().keyOf(REF)),
                    "a full namespace still takes changes");
            node.configs().publish(new ConfigPublish(new ConfigRef("dev", "DEFAULT_GROUP", "third.yaml"), "v: 1",
                    "yaml", null, null, null, null, null), SOURCE);
        }
    }
}
