package io.jacos.persistence;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("Opening and closing the store")
class StorageLifecycleComponentTest {

    @TempDir
    Path folder;

    @Test
    @DisplayName("what clients may read (the readiness check's data) names the product, not the file or the user")
    void theProductShownHasNoPathOrUser() {
        StorageConfig config = StorageConfig.h2(folder.resolve("data")).withProvider(JpaProviders.HIBERNATE);
        try (Storage storage = Storage.open(config)) {
            assertTrue(storage.product().startsWith("H2 "), storage.product());
            assertFalse(storage.product().contains(folder.toString()), storage.product());
            assertFalse(storage.product().contains("jdbc:"), storage.product());
            assertFalse(storage.product().contains(" as "), storage.product());
            assertTrue(storage.description().contains(folder.toString()), "the log line still says where");
        }
    }

    @Test
    @DisplayName("close frees the H2 file lock and stops the pool's threads; the same file opens again")
    void closeFreesTheFile() throws IOException {
        Path data = folder.resolve("data");
        StorageConfig config = StorageConfig.h2(data).withProvider(JpaProviders.HIBERNATE);
        Path file = data.resolve("jacos.mv.db");

        Storage storage = Storage.open(config);
        assertTrue(storage.reachable());
        assertTrue(lockedInThisJvm(file), "the open database holds its lock");
        assertFalse(poolThreads().isEmpty(), "the pool's threads are named " + StorageDataSource.POOL_NAME);
        storage.close();

        assertFalse(lockedInThisJvm(file), "lock released at close");
        await("pool threads end").atMost(Duration.ofSeconds(10)).until(() -> poolThreads().isEmpty());
        try (Storage again = Storage.open(config.withProvider(JpaProviders.ECLIPSELINK))) {
            assertTrue(again.reachable());
        }
    }

    @Test
    @DisplayName("a database that cannot be reached fails the start with the address and the driver's reason")
    void unreachable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        StorageConfig config = StorageConfig.postgresql("jdbc:postgresql://127.0.0.1:" + closedPort + "/nacos",
                "nacos", "secret", Map.of("connectionTimeout", "2000"));

        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> Storage.open(config));

        assertTrue(failure.getMessage().startsWith("Cannot open the naming store database jdbc:postgresql://127.0.0.1:"
                + closedPort), failure.getMessage());
        assertTrue(failure.getMessage().contains("Connection") || failure.getMessage().contains("refused"),
                failure.getMessage());
        assertFalse(failure.getMessage().contains("secret"));
        await("pool threads end").atMost(Duration.ofSeconds(10)).until(() -> poolThreads().isEmpty());
    }

    private static boolean lockedInThisJvm(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        }
    }

    private static List<String> poolThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith(StorageDataSource.POOL_NAME)).toList();
    }
}
