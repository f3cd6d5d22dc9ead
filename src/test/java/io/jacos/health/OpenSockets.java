package io.jacos.health;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Sockets this JVM has open, read from {@code /proc/self/fd} (Linux): how a test sees a leaked socket. */
final class OpenSockets {

    private static final Path FDS = Path.of("/proc/self/fd");

    private OpenSockets() {
    }

    static long count() {
        assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
        try (Stream<Path> fds = Files.list(FDS)) {
            return fds.filter(OpenSockets::isSocket).count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isSocket(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString().startsWith("socket:");
        } catch (IOException e) {
            return false; // closed while listing
        }
    }
}
