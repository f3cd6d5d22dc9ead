package io.jacos.persistence;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigWrite;
import io.jacos.application.internal.DefaultConfigService;
import io.jacos.application.validation.InputValidator;
import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.event.ConfigChanged;
import io.jacos.event.StoredConfigChanged;
import io.jacos.settings.ConfigSettings;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
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

    private record Node(DefaultConfigService configs, RecordingEvent<ConfigChanged> changed,
                        RecordingEvent<StoredConfigChanged> stored) {
    }

    private static Node node(Storage storage) {
        RecordingEvent<ConfigChanged> changed = new RecordingEvent<>();
        RecordingEvent<StoredConfigChanged> stored = new RecordingEvent<>();
        DefaultConfigService configs = new DefaultConfigService(new InputValidator(
                Validation.buildDefaultValidatorFactory()), new JdbcConfigStore(storage.dataSource()),
                new ConfigIndex(), new ConfigListeners(), changed, stored, new ConfigSettings(1, 10_000, 1, 1_000, 2),
                Clock.systemUTC());
        configs.loadIndex();
        return new Node(configs, changed, stored);
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
