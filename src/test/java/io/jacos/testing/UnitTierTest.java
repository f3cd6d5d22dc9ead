package io.jacos.testing;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Holds the unit tier to the JDK: {@code mvn -B package} runs it on a machine with nothing else, and a unit test that
 * opened a socket, a database or a cluster channel would fail there, or pass by luck. Such a test is named
 * {@code *ComponentTest} and runs in the component tier; a server with real clients is an {@code *IT}.
 */
class UnitTierTest {

    private static final Path TESTS = Path.of("src/test/java");

    /** What only the component and integration tiers may use, as it appears in a test's source. */
    private static final List<String> OUTSIDE_THE_JDK = List.of("import io.jacos.it.", "new ServerSocket(",
            "new DatagramSocket(", "new Socket(", "HttpServer.create(", "new JChannel(", "ChannelHarness",
            "LocalPostgres", "ProbeTargets", "Storage.open(", "LoopbackEndpoint", "FakePeer", ".forPort(0).build()");

    @Test
    void unitTestsUseNothingButTheJdkAndInProcessChannels() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = Files.walk(TESTS)) {
            offenders = files.filter(UnitTierTest::unitTest).flatMap(UnitTierTest::offences).toList();
        }
        assertEquals(List.of(), offenders, "rename these *ComponentTest, or use a fake");
    }

    private static boolean unitTest(Path file) {
        String name = file.getFileName().toString();
        // This class names the words it looks for.
        return name.endsWith("Test.java") && !name.endsWith("ComponentTest.java") && !name.equals("UnitTierTest.java")
                && !TESTS.relativize(file).startsWith(Path.of("io", "jacos", "it"));
    }

    private static Stream<String> offences(Path file) {
        try {
            String source = Files.readString(file);
            return OUTSIDE_THE_JDK.stream().filter(source::contains).map(word -> TESTS.relativize(file) + ": " + word);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
