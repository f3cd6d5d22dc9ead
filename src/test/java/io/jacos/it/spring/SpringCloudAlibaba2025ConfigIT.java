package io.jacos.it.spring;

import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same application as {@link SpringCloudAlibabaConfigIT} on Spring Cloud Alibaba 2025.0 and Spring Boot 3.5,
 * with the nacos-client 3.0.3 it brings: the class path its users get (resolved from {@code src/test/sca-2025.0}
 * by Maven), in a JVM of its own. It starts with its configuration from the server and sees an edit made through
 * the console's API without a restart.
 */
@ExtendWith(SharedServer.class)
class SpringCloudAlibaba2025ConfigIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static String classpath;

    @BeforeAll
    static void resolveTheApplicationsClassPath() throws Exception {
        Path dir = Path.of(System.getProperty("jacos.it.dir", "target/it"));
        Files.createDirectories(dir);
        Path file = dir.resolve("sca-2025.0.classpath").toAbsolutePath();
        Path log = dir.resolve("sca-2025.0-resolve.log");
        Process maven = new ProcessBuilder("mvn", "-B", "-q", "-f", Path.of("src/test/sca-2025.0/pom.xml")
                .toAbsolutePath().toString(), "dependency:build-classpath", "-Dmdep.outputFile=" + file)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(maven.waitFor(5, TimeUnit.MINUTES), "resolving the 2025.0 class path took over 5 minutes");
        assertEquals(0, maven.exitValue(), () -> "mvn dependency:build-classpath failed; see " + log);
        String resolved = Files.readString(file).trim();
        assertTrue(resolved.contains("spring-boot-3.5.") && resolved.contains("nacos-client-3.0.")
                && resolved.contains("spring-cloud-starter-alibaba-nacos-config-2025.0."), resolved);
        // The application's classes, and only those: the test JVM's own Boot 4 and nacos-client stay out.
        classpath = resolved + File.pathSeparator + Path.of("target/test-classes").toAbsolutePath();
    }

    @Test
    void startsWithItsConfigurationAndRefreshesWhenItIsEdited() throws Exception {
        String dataId = "sca20250-" + UUID.randomUUID() + ".properties";
        ShopConfigs.publish(dataId, "DEFAULT_GROUP", "greeting=hello\nshop.size=3\n");
        try (ClientProcess application = ClientProcess.start(classpath, ShopProcessMain.class,
                ShopProcessMain.STARTED, "sca-2025.0-" + dataId, SharedServer.serverAddr(),
                "nacos:" + dataId + "?refreshEnabled=true")) {
            List<String> started = application.lines().toList();
            assertTrue(started.stream().anyMatch(line -> line.startsWith("boot=3.5.")), started::toString);
            assertTrue(started.stream().anyMatch(line -> line.startsWith("nacos-client=")
                    && line.contains("nacos-client-3.0.")), started::toString);
            await().atMost(WAIT).until(() -> shows(application, "greeting=hello shop.size=3"));

            ShopConfigs.editAsTheConsoleDoes(dataId, "greeting=bonjour\nshop.size=4\n");
            await().atMost(WAIT).until(() -> shows(application, "greeting=bonjour shop.size=4"));
        }
    }

    private static boolean shows(ClientProcess application, String line) throws IOException {
        return application.lines().anyMatch(line::equals);
    }
}
