package io.jacos.it.appserver;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The deployed naming store's embedded database as the test sees it from outside the server: its file under
 * the server's {@code nacos.home}, and whether a process holds H2's lock on it (a lock on the whole file, which
 * another process cannot take while the database is open).
 */
final class StoreFiles {

    private StoreFiles() {
    }

    static Path database(AppServer server) {
        return server.nacosHome().resolve("data").resolve("jacos.mv.db");
    }

    /** True while another process (the server) has the database open; takes and drops the lock otherwise. */
    static boolean lockedByServer(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            return lock == null;
        }
    }
}
