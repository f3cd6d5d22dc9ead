package io.jacos.persistence;

import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigWrite;
import io.jacos.application.NamespaceService;
import io.jacos.application.archive.ArchiveFormat;
import io.jacos.application.archive.ArchivedConfig;
import io.jacos.application.archive.ConfigArchiveFormat;
import io.jacos.application.internal.DefaultConfigArchive;
import io.jacos.application.internal.DefaultConfigService;
import io.jacos.application.internal.GrayIndexing;
import io.jacos.application.validation.InputValidator;
import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.event.ConfigChanged;
import io.jacos.event.StoredConfigChanged;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import io.jacos.settings.ConfigArchiveSettings;
import io.jacos.settings.ConfigSettings;
import io.jacos.testing.RecordingEvent;
import jakarta.validation.Validation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Export and import over the real store: an exported namespace imports into another one unchanged, each policy
 * does what it says with the configurations that exist, ABORT writes nothing at all, and every import goes the
 * publish's way (history, the listeners' index, the namespace bound).
 */
class ConfigArchiveComponentTest {

    private static final ConfigWrite.Source SOURCE = new ConfigWrite.Source("importer", "127.0.0.1");
    private static final Set<String> NAMESPACES = Set.of("public", "source", "target");

    @TempDir
    Path folder;

    private Storage storage;
    private DefaultConfigService configs;
    private DefaultConfigArchive archive;
    private final RecordingEvent<ConfigChanged> changed = new RecordingEvent<>();

    @BeforeEach
    void wire() throws Exception {
        storage = Storage.open(StorageConfig.h2(folder.resolve("data")));
        InputValidator validator = new InputValidator(Validation.buildDefaultValidatorFactory());
        ConfigIndex index = new ConfigIndex();
        configs = new DefaultConfigService(validator, new JdbcConfigStore(storage.dataSource()), index,
                new ConfigListeners(), changed, new RecordingEvent<StoredConfigChanged>(),
                new ConfigSettings(1, 10_000, 1, 1_000, 5), Clock.systemUTC(),
                new GrayIndexing(new JdbcConfigGrayStore(storage.dataSource()), index, changed));
        archive = new DefaultConfigArchive(configs, new JdbcConfigCatalog(storage.dataSource()), namespaces(),
                validator, new ConfigArchiveSettings(1 << 20, 4 << 20, 100),
                Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC));
    }

    @AfterEach
    void close() throws Exception {
        storage.close();
    }

    private void publish(String tenant, String dataId, String content) {
        configs.publish(new ConfigPublish(new ConfigRef(tenant, "G", dataId), content, "yaml", null, "app",
                "about " + dataId, null, null), SOURCE);
    }

    private String content(String tenant, String dataId) {
        return configs.get(new ConfigRef(tenant, "G", dataId)).map(ConfigEntry::content).orElse(null);
    }

    private byte[] sourceExport() {
        publish("source", "a.yaml", "a: 1");
        publish("source", "b.yaml", "b: 1");
        publish("source", "c.yaml", "c: 1");
        return archive.export(new ConfigArchive.Export("source", null, null, null, null, ArchiveFormat.V2));
    }

    @Test
    void anExportedNamespaceImportsIntoAnotherUnchanged() {
        byte[] zip = sourceExport();
        ConfigArchive.Imported imported = archive.importArchive("target", zip, ConfigArchive.Policy.ABORT, SOURCE);
        assertEquals(new ConfigArchive.Imported(3, List.of(), List.of(), List.of()), imported);
        ConfigEntry a = configs.get(new ConfigRef("target", "G", "a.yaml")).orElseThrow();
        assertEquals(List.of("a: 1", ConfigEntry.md5Of("a: 1"), "yaml", "app", "about a.yaml"),
                List.of(a.content(), a.md5(), a.type(), a.appName(), a.description()));
        assertEquals(ConfigEntry.md5Of("a: 1"), configs.md5(ConfigKey.of("target", "G", "a.yaml")),
                "the listeners' index has it");
    }

    @Test
    void abortImportsNothingWhenAnyExists() {
        byte[] zip = sourceExport();
        publish("target", "c.yaml", "c: kept");
        ConfigArchive.Imported imported = archive.importArchive("target", zip, ConfigArchive.Policy.ABORT, SOURCE);
        assertEquals(0, imported.succeeded());
        assertEquals(List.of(ConfigKey.of("target", "G", "c.yaml")),
                imported.failed().stream().map(ConfigArchive.Failure::key).toList());
        assertEquals(2, imported.skipped().size());
        assertEquals(null, content("target", "a.yaml"));
        assertEquals(null, content("target", "b.yaml"));
        assertEquals("c: kept", content("target", "c.yaml"));
    }

    @Test
    void skipKeepsWhatExistsAndOverwriteReplacesIt() {
        byte[] zip = sourceExport();
        publish("target", "c.yaml", "c: kept");
        ConfigArchive.Imported skipped = archive.importArchive("target", zip, ConfigArchive.Policy.SKIP, SOURCE);
        assertEquals(2, skipped.succeeded());
        assertEquals(List.of(ConfigKey.of("target", "G", "c.yaml")), skipped.skipped());
        assertEquals("c: kept", content("target", "c.yaml"));

        int told = changed.fired().size();
        ConfigArchive.Imported overwritten = archive.importArchive("target", zip, ConfigArchive.Policy.OVERWRITE,
                SOURCE);
        assertEquals(new ConfigArchive.Imported(3, List.of(), List.of(), List.of()), overwritten);
        assertEquals("c: 1", content("target", "c.yaml"));
        assertEquals(told + 1, changed.fired().size(), "only the changed md5 is told to listeners");
    }

    @Test
    void anInvalidConfigurationFailsAloneUnderSkipAndStopsEverythingUnderAbort() {
        byte[] zip = ConfigArchiveFormat.write(List.of(
                new ArchivedConfig("G", "ok.yaml", "ok: 1", "yaml", "", ""),
                new ArchivedConfig("G", "bad$id", "x", "text", "", "")), ArchiveFormat.V2, 0);

        ConfigArchive.Imported aborted = archive.importArchive("public", zip, ConfigArchive.Policy.ABORT, SOURCE);
        assertEquals(0, aborted.succeeded());
        assertEquals(List.of(ConfigKey.of("public", "G", "ok.yaml")), aborted.skipped());
        assertEquals(ConfigKey.of("public", "G", "bad$id"), aborted.failed().get(0).key());
        assertTrue(aborted.failed().get(0).reason().contains("dataId"), aborted.failed().get(0).reason());
        assertEquals(null, content("public", "ok.yaml"));

        ConfigArchive.Imported skipped = archive.importArchive("public", zip, ConfigArchive.Policy.SKIP, SOURCE);
        assertEquals(1, skipped.succeeded());
        assertEquals(1, skipped.failed().size());
        assertEquals("ok: 1", content("public", "ok.yaml"));
    }

    @Test
    void theNamespaceBoundHoldsForImportsAndAFullAbortLeavesNothing() {
        byte[] zip = sourceExport();
        publish("target", "x.yaml", "x");
        publish("target", "y.yaml", "y");
        publish("target", "z.yaml", "z");
        ConfigArchive.Imported aborted = archive.importArchive("target", zip, ConfigArchive.Policy.ABORT, SOURCE);
        assertEquals(0, aborted.succeeded());
        assertEquals(1, aborted.failed().size());
        assertTrue(aborted.failed().get(0).reason().contains("max-per-namespace"), aborted.toString());
        assertEquals(null, content("target", "a.yaml"), "the one created before the bound was removed again");
        assertEquals(null, content("target", "b.yaml"));

        ConfigArchive.Imported skipped = archive.importArchive("target", zip, ConfigArchive.Policy.SKIP, SOURCE);
        assertEquals(2, skipped.succeeded());
        assertEquals(1, skipped.failed().size());
    }

    @Test
    void anUnknownNamespaceOrABrokenArchiveIsRefusedBeforeAnythingIsWritten() {
        byte[] zip = sourceExport();
        RegistryException unknown = assertThrows(RegistryException.class,
                () -> archive.importArchive("nowhere", zip, ConfigArchive.Policy.OVERWRITE, SOURCE));
        assertEquals(RegistryException.Reason.NAMESPACE_NOT_FOUND, unknown.reason());

        byte[] cut = java.util.Arrays.copyOf(zip, zip.length / 2);
        RegistryException broken = assertThrows(RegistryException.class,
                () -> archive.importArchive("target", cut, ConfigArchive.Policy.OVERWRITE, SOURCE));
        assertEquals(RegistryException.INVALID_PARAM, broken.code());
    }

    private static NamespaceService namespaces() {
        return new NamespaceService() {
            @Override
            public void requireExists(String namespaceId) {
                if (!NAMESPACES.contains(namespaceId)) {
                    throw new RegistryException(RegistryException.INVALID_PARAM,
                            RegistryException.Reason.NAMESPACE_NOT_FOUND, "Namespace '" + namespaceId
                            + "' does not exist.");
                }
            }

            @Override
            public List<NamespaceInfo> list() {
                throw new UnsupportedOperationException();
            }

            @Override
            public NamespaceInfo get(String namespaceId) {
                throw new UnsupportedOperationException();
            }

            @Override
            public String create(String namespaceId, String name, String description) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void update(String namespaceId, String name, String description) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void delete(String namespaceId) {
                throw new UnsupportedOperationException();
            }
        };
    }
}
