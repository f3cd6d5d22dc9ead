package io.jacos.application.archive;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The zip reading an import relies on: what it takes, and each hostile archive it refuses with a 400. */
class ZipEntriesTest {

    private static final ArchiveLimits ROOMY = ArchiveLimits.of(100, 1 << 20, 4 << 20);

    private static RegistryException refused(byte[] zip, ArchiveLimits limits, String says) {
        RegistryException e = assertThrows(RegistryException.class, () -> ZipEntries.read(zip, limits));
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertEquals(RegistryException.Reason.ARCHIVE_UNREADABLE, e.reason());
        assertTrue(e.getMessage().contains(says), e.getMessage());
        return e;
    }

    @Test
    void writtenEntriesReadBackInOrderAndDirectoriesAreLeftOut() {
        byte[] zip = ZipEntries.write(new java.util.LinkedHashMap<>(Map.of("G/a.yaml", "a: ü")), 0L);
        assertEquals(Map.of("G/a.yaml", "a: ü"), ZipEntries.read(zip, ROOMY));

        byte[] withDirectory = new Zips().add("G/", new byte[0]).add("G/b", "b").add("G/a", "a").bytes();
        assertEquals(List.of("G/b", "G/a"), List.copyOf(ZipEntries.read(withDirectory, ROOMY).keySet()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../etc/passwd", "G/../../x", "/etc/passwd", "G\\a", "C:/x", "G//a", "./a", "G/a\u0000"})
    void aNameThatLeavesItsFolderOrHidesWhatItIsIsRefused(String name) {
        refused(new Zips().add(name, "x").bytes(), ROOMY, "entry name");
    }

    @Test
    void theSameNameTwiceIsRefused() {
        // The JDK writes no zip with a name twice: write another name, then give it the first one's.
        byte[] zip = new Zips().add("G/a", "1").add("G/b", "2").add("G/X", "3").bytes();
        String latin = new String(zip, StandardCharsets.ISO_8859_1).replace("G/X", "G/a");
        refused(latin.getBytes(StandardCharsets.ISO_8859_1), ROOMY, "twice");
    }

    @Test
    void moreEntriesThanTheBoundAreRefused() {
        Zips zips = new Zips();
        for (int i = 0; i < 4; i++) {
            zips.add("G/" + i, "x");
        }
        refused(zips.bytes(), ArchiveLimits.of(3, 1000, 1000), "more than 3 entries");
    }

    @Test
    void anEntryOrAnArchiveThatUnpacksPastItsBoundIsStoppedThere() {
        refused(new Zips().add("G/big", "x".repeat(2000)).bytes(), ArchiveLimits.of(10, 1000, 10_000),
                "unpacks to more than 1000 bytes");
        refused(new Zips().add("G/a", "x".repeat(900)).add("G/b", "y".repeat(900)).bytes(),
                ArchiveLimits.of(10, 1000, 1500), "archive unpacks to more than 1500 bytes");
    }

    @Test
    void aBombIsRefusedByItsRatioWhileSmallWellPackedFilesPass() {
        byte[] zeros = new byte[8 << 20];
        byte[] bomb = new Zips().add("G/bomb", zeros).bytes();
        assertTrue(bomb.length < 20_000, "8 MiB of zeros packs to " + bomb.length);
        refused(bomb, ArchiveLimits.of(10, 64 << 20, 64 << 20), "zip bomb");

        byte[] small = new Zips().add("G/spaces", " ".repeat(100_000)).bytes();
        assertEquals(100_000, ZipEntries.read(small, ROOMY).get("G/spaces").length(), "below the 1 MiB floor");
    }

    @Test
    void aNameOrContentThatIsNotUtf8IsRefused() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes, StandardCharsets.ISO_8859_1)) {
            out.putNextEntry(new ZipEntry("G/caf\u00e9"));
            out.write('x');
        }
        refused(bytes.toByteArray(), ROOMY, "not UTF-8");

        refused(new Zips().add("G/a", new byte[]{'a', (byte) 0xff, 'b'}).bytes(), ROOMY, "is not UTF-8 text");
    }

    @Test
    void somethingElseThanAZipIsRefused() {
        refused("metadata: []".getBytes(StandardCharsets.UTF_8), ROOMY, "not a zip");
        byte[] cut = new Zips().add("G/a", "x".repeat(5000)).bytes();
        refused(Arrays.copyOf(cut, 60), ROOMY, "archive");
    }

    @Test
    void writingStampsEveryEntryWithTheGivenTime() throws Exception {
        byte[] zip = ZipEntries.write(Map.of("G/a", "a"), 1_700_000_000_000L);
        try (var in = new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
            ZipEntry entry = in.getNextEntry();
            assertEquals(1_700_000_000_000L / 2000, entry.getTime() / 2000, "DOS time keeps two seconds");
            assertArrayEquals("a".getBytes(StandardCharsets.UTF_8), in.readAllBytes());
        }
    }
}
