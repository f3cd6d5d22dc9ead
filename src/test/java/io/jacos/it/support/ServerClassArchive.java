package io.jacos.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * A class-data sharing archive of the bundle's classes, for the servers the tests start ({@code
 * jacos.it.cdsArchive}, set by the build only). The first server of a build run is preceded by a training start
 * that writes the archive when it stops; every later server maps those ~11,000 classes instead of parsing and
 * verifying them, which took about a fifth off each start's CPU here. The archive belongs to the JDK that wrote
 * it, so it lives under {@code target/} and is never shipped; a JVM that cannot use it warns and starts without.
 * The benchmark does not set the property, so its servers start as users start them.
 */
final class ServerClassArchive {

    /** Beside every other test server's ports (the shared server's slots, the clusters at +3000 to +5300). */
    private static final int TRAINING_PORT_OFFSET = 6000;

    private static boolean trained;

    private ServerClassArchive() {
    }

    /** The JVM options that use the archive, training it first if this is the build run's first server. */
    static synchronized List<String> options() {
        String configured = System.getProperty("jacos.it.cdsArchive", "").strip();
        if (configured.isEmpty()) {
            return List.of();
        }
        Path archive = Path.of(configured).toAbsolutePath();
        if (!trained) {
            trained = true;
            if (!Files.exists(archive) || olderThanBundle(archive)) {
                train(archive);
            }
        }
        return Files.exists(archive) ? List.of("-XX:SharedArchiveFile=" + archive) : List.of();
    }

    /** A JVM refuses (with a warning) an archive whose class path jar changed after it was written. */
    private static boolean olderThanBundle(Path archive) {
        try {
            Path bundle = Path.of(System.getProperty("jacos.bundle", "target/nacos-microbundle.jar"));
            return Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(bundle)) < 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** Starts a server until ready and stops it, with the JVM writing the classes it loaded on the way out. */
    private static void train(Path archive) {
        Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
        try {
            Files.createDirectories(archive.getParent());
            Files.deleteIfExists(partial);
            Files.deleteIfExists(archive);
            JacosServer server = new JacosServer("class-archive-training", SharedServer.HTTP_PORT + TRAINING_PORT_OFFSET,
                    Map.of(), List.of("-XX:ArchiveClassesAtExit=" + partial));
            server.start();
            // Only a JVM that exited by itself has finished writing; a killed one may leave half a file.
            if (server.stop() && Files.exists(partial) && Files.size(partial) > 0) {
                Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("No class-data sharing archive for the test servers (they start without): " + e);
        }
    }
}
