package io.jacos.application.archive;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Both of the console's formats, written and read back, and what an import reports as unrecognized. */
class ConfigArchiveFormatTest {

    private static final ArchiveLimits LIMITS = ArchiveLimits.of(100, 1 << 20, 4 << 20);
    private static final List<ArchivedConfig> CONFIGS = List.of(
            new ArchivedConfig("DEFAULT_GROUP", "app.yaml", "a: 1\n", "yaml", "the app", "shop"),
            new ArchivedConfig("OTHER", "db.properties", "url=jdbc:h2:mem", "properties", "", ""));

    @Test
    void theSecondFormatCarriesEveryDescriptionThere() {
        byte[] zip = ConfigArchiveFormat.write(CONFIGS, ArchiveFormat.V2, 0);
        assertEquals(List.of("DEFAULT_GROUP/app.yaml", "OTHER/db.properties", ".metadata.yml"),
                List.copyOf(ZipEntries.read(zip, LIMITS).keySet()));
        assertEquals(new ConfigArchiveFormat.Unpacked(CONFIGS, List.of()), ConfigArchiveFormat.read(zip, LIMITS));
    }

    @Test
    void theFirstFormatCarriesAppNamesOnly() {
        byte[] zip = ConfigArchiveFormat.write(CONFIGS, ArchiveFormat.V1, 0);
        assertEquals("DEFAULT_GROUP.app~yaml.app=shop\r\n", ZipEntries.read(zip, LIMITS).get(".meta.yml"));
        assertEquals(List.of(
                new ArchivedConfig("DEFAULT_GROUP", "app.yaml", "a: 1\n", "", "", "shop"),
                new ArchivedConfig("OTHER", "db.properties", "url=jdbc:h2:mem", "", "", "")),
                ConfigArchiveFormat.read(zip, LIMITS).configs());

        byte[] noApps = ConfigArchiveFormat.write(CONFIGS.subList(1, 2), ArchiveFormat.V1, 0);
        assertEquals(List.of("OTHER/db.properties"), List.copyOf(ZipEntries.read(noApps, LIMITS).keySet()),
                "no metadata entry when no configuration has an app name, as Nacos writes it");
    }

    @Test
    void entriesOutsideTheLayoutAndDescriptionsWithoutEntryAreReportedNotImported() {
        byte[] zip = new Zips()
                .add("G/a", "a")
                .add("G/b", "b")
                .add("deep/er/c", "c")
                .add("toplevel", "d")
                .add(".metadata.yml", "metadata:\n- dataId: a\n  group: G\n  type: text\n"
                        + "- dataId: gone\n  group: G\n  type: text\n")
                .bytes();
        ConfigArchiveFormat.Unpacked unpacked = ConfigArchiveFormat.read(zip, LIMITS);
        assertEquals(List.of(new ArchivedConfig("G", "a", "a", "text", null, null)), unpacked.configs());
        assertEquals(List.of("deep/er/c", "toplevel", "G/gone", "G/b"), unpacked.unrecognized());
    }

    @Test
    void secondFormatMetadataMustNameEachConfigurationOnceWithItsType() {
        for (String yaml : List.of(
                "metadata: []\n",
                "metadata:\n- dataId: a\n  group: G\n",
                "metadata:\n- dataId: a\n  group: G\n  type: text\n- dataId: a\n  group: G\n  type: yaml\n")) {
            byte[] zip = new Zips().add("G/a", "a").add(".metadata.yml", yaml).bytes();
            RegistryException e = assertThrows(RegistryException.class, () -> ConfigArchiveFormat.read(zip, LIMITS));
            assertEquals(RegistryException.Reason.ARCHIVE_METADATA_ILLEGAL, e.reason(), yaml);
        }
    }

    @Test
    void aFirstFormatMetadataLineWithoutOneEqualsSignIsIllegal() {
        byte[] zip = new Zips().add("G/a", "a").add(".meta.yml", "G.a.app=x=y\r\n").bytes();
        RegistryException e = assertThrows(RegistryException.class, () -> ConfigArchiveFormat.read(zip, LIMITS));
        assertEquals(RegistryException.Reason.ARCHIVE_METADATA_ILLEGAL, e.reason());
        assertEquals(Map.of("G.a.app", "x"), LegacyMetadata.read("G.a.app=x\n\n", 10));
    }
}
