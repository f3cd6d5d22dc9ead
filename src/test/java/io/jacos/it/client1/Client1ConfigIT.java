package io.jacos.it.client1;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.client.config.impl.LocalConfigInfoProcessor;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The configuration service with the real nacos-client 1.4.6 over HTTP: {@code /v1/cs/configs} to read, publish and
 * remove, and the {@code /v1/cs/configs/listener} long poll for its listeners, which the server answers as soon as a
 * configuration changes rather than at the end of the hold.
 *
 * <p>1.4.6 fixes its snapshot directory once per JVM, when {@code LocalConfigInfoProcessor} is first loaded, from
 * {@code JM.SNAPSHOT.PATH}; it cannot be set per client. This class points it under the build's {@code it} directory
 * for that first load (and leaves the property as it was, since the 1.4.6 naming client reads it on every start), then
 * reads back where the client really writes.
 */
@ExtendWith(SharedServer.class)
@DisplayName("1.4.6: configuration service over HTTP long polling")
class Client1ConfigIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A change reaching a listener: the held poll is answered at once, so this is far above what is expected. */
    private static final Duration CHANGE_BOUND = Duration.ofSeconds(5);
    private static final String GROUP = "DEFAULT_GROUP";
    private static final String SNAPSHOT_PROPERTY = "JM.SNAPSHOT.PATH";

    private static Path snapshotRoot;

    private final List<ConfigService> clients = new ArrayList<>();

    @BeforeAll
    static void snapshotsUnderTheBuild() {
        String previous = System.getProperty(SNAPSHOT_PROPERTY);
        Path dir = Path.of(System.getProperty("jacos.it.dir", System.getProperty("java.io.tmpdir")),
                "client1-config-snapshots");
        System.setProperty(SNAPSHOT_PROPERTY, dir.toString());
        try {
            // Reading the field loads the class: the directory is fixed now, unless an earlier class loaded it.
            snapshotRoot = Path.of(LocalConfigInfoProcessor.LOCAL_SNAPSHOT_PATH);
        } finally {
            if (previous == null) {
                System.clearProperty(SNAPSHOT_PROPERTY);
            } else {
                System.setProperty(SNAPSHOT_PROPERTY, previous);
            }
        }
    }

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    @DisplayName("published YAML with non-ASCII text and a newline is read by another client; removal is idempotent")
    void publishReadRemove() throws Exception {
        String dataId = "cfg1-" + UUID.randomUUID() + ".yaml";
        String content = "name: caf\u00e9 \u4e2d\u6587\nlist:\n  - a";
        ConfigService writer = client();
        assertNull(writer.getConfig(dataId, GROUP, 3000), "nothing published yet");
        assertTrue(writer.publishConfig(dataId, GROUP, content, "yaml"));

        ConfigService reader = client();
        assertEquals(content, reader.getConfig(dataId, GROUP, 3000));
        HttpResponse<String> raw = rawGet(dataId);
        assertEquals(200, raw.statusCode(), raw.body());
        assertEquals(Optional.of("yaml"), raw.headers().firstValue("Config-Type"), "the type 1.4.6 reads");
        assertEquals(Optional.of(md5(content)), raw.headers().firstValue("Content-MD5"));

        assertTrue(writer.removeConfig(dataId, GROUP));
        assertNull(reader.getConfig(dataId, GROUP, 3000));
        assertTrue(writer.removeConfig(dataId, GROUP), "removing what is gone succeeds");
        assertEquals(404, rawGet(dataId).statusCode());
    }

    @Test
    @DisplayName("a listener is told of each change and of the removal (as null), not of the content it started with")
    void listenerToldOfChangesAndRemoval() throws Exception {
        String dataId = "cfg1-" + UUID.randomUUID() + ".properties";
        ConfigService writer = client();
        assertTrue(writer.publishConfig(dataId, GROUP, "v=1"));
        ConfigService listening = client();
        Recorder seen = new Recorder();
        assertEquals("v=1", listening.getConfigAndSignListener(dataId, GROUP, 3000, seen));

        long toV2 = seen.publishAndTime(() -> writer.publishConfig(dataId, GROUP, "v=2"), Optional.of("v=2"));
        long writeV2 = seen.lastWriteMillis();
        long toV3 = seen.publishAndTime(() -> writer.publishConfig(dataId, GROUP, "v=3"), Optional.of("v=3"));
        long writeV3 = seen.lastWriteMillis();
        long toRemoval = seen.publishAndTime(() -> writer.removeConfig(dataId, GROUP), Optional.empty());
        System.out.printf("Client1ConfigIT: write to 1.4.6 listener (of which the write's own answer): v=2 %d ms (%d),"
                + " v=3 %d ms (%d), removal %d ms (%d)%n", toV2, writeV2, toV3, writeV3, toRemoval,
                seen.lastWriteMillis());

        // 1.4.6 fetches a removed configuration, gets 404 and hands its listeners null.
        assertEquals(List.of(Optional.of("v=2"), Optional.of("v=3"), Optional.empty()), seen.contents(),
                "each change once, in order, and nothing for the content it started with");
    }

    @Test
    @DisplayName("a namespace nobody created holds configurations apart from public, and its listener hears only its own")
    void namespaceKeepsItsOwnConfigurations() throws Exception {
        String dataId = "cfg1-" + UUID.randomUUID();
        String namespace = "ns1-" + UUID.randomUUID().toString().substring(0, 8);
        ConfigService inDefault = client(null);
        ConfigService inNamespace = client(namespace);
        assertTrue(inDefault.publishConfig(dataId, GROUP, "default-1"));
        assertNull(inNamespace.getConfig(dataId, GROUP, 3000), "the default namespace's configuration is not its");

        Recorder namespaceListener = new Recorder();
        inNamespace.addListener(dataId, GROUP, namespaceListener);
        Recorder defaultListener = new Recorder();
        assertEquals("default-1", client(null).getConfigAndSignListener(dataId, GROUP, 3000, defaultListener));

        defaultListener.publishAndTime(() -> inDefault.publishConfig(dataId, GROUP, "default-2"),
                Optional.of("default-2"));
        assertTrue(inNamespace.publishConfig(dataId, GROUP, "namespaced-1"),
                "a configuration may be published in a namespace that was never created");
        await().atMost(WAIT).until(namespaceListener::contents, List.of(Optional.of("namespaced-1"))::equals);

        assertEquals("namespaced-1", inNamespace.getConfig(dataId, GROUP, 3000));
        assertEquals("default-2", inDefault.getConfig(dataId, GROUP, 3000));
        assertEquals(List.of(Optional.of("namespaced-1")), namespaceListener.contents(),
                "the namespace's listener heard nothing of the default namespace's change");
        assertEquals(List.of(Optional.of("default-2")), defaultListener.contents(),
                "the default namespace's listener heard nothing of the namespace's change");

        assertTrue(inNamespace.removeConfig(dataId, GROUP));
        assertNull(inNamespace.getConfig(dataId, GROUP, 3000));
        assertEquals("default-2", inDefault.getConfig(dataId, GROUP, 3000), "removal in a namespace stays there");
    }

    @Test
    @DisplayName("a read leaves a local snapshot of the content; a read after removal answers null and deletes it")
    void snapshotFollowsTheServer() throws Exception {
        String dataId = "cfg1-" + UUID.randomUUID() + ".txt";
        String content = "snap\u00e9\nshot";
        Path snapshot = snapshotRoot.resolve("fixed-" + SharedServer.serverAddr().replace(':', '_') + "_nacos")
                .resolve("snapshot").resolve(GROUP).resolve(dataId);
        ConfigService writer = client();
        assertTrue(writer.publishConfig(dataId, GROUP, content));
        assertFalse(Files.exists(snapshot), "no snapshot before a read: " + snapshot);

        ConfigService reader = client();
        assertEquals(content, reader.getConfig(dataId, GROUP, 3000));
        assertTrue(Files.isRegularFile(snapshot), "the read was saved at " + snapshot);
        assertEquals(content, Files.readString(snapshot, StandardCharsets.UTF_8));

        assertTrue(writer.removeConfig(dataId, GROUP));
        assertNull(reader.getConfig(dataId, GROUP, 3000), "a 404 is an answer: the snapshot is not served instead");
        assertFalse(Files.exists(snapshot), "the 404 cleared the snapshot");
    }

    @Test
    @DisplayName("a listener client shut down while the content changed is replaced by one that reads the new content")
    void listenerBackAfterAMissedChangeGetsTheNewContent() throws Exception {
        String dataId = "cfg1-" + UUID.randomUUID() + ".properties";
        ConfigService writer = client();
        assertTrue(writer.publishConfig(dataId, GROUP, "v=1"));
        ConfigService before = client();
        Recorder first = new Recorder();
        assertEquals("v=1", before.getConfigAndSignListener(dataId, GROUP, 3000, first));
        before.shutDown();

        assertTrue(writer.publishConfig(dataId, GROUP, "v=2"));
        ConfigService after = client();
        Recorder second = new Recorder();
        assertEquals("v=2", after.getConfigAndSignListener(dataId, GROUP, 3000, second));
        second.publishAndTime(() -> writer.publishConfig(dataId, GROUP, "v=3"), Optional.of("v=3"));
        assertEquals(List.of(Optional.of("v=3")), second.contents(), "what it read at start is no change");
        // 1.4.6's shutDown leaves a held poll's thread blocked in its read; the server's answer to that poll may
        // still reach the old listener. Recorded only: it is the client's doing.
        System.out.printf("Client1ConfigIT: the shut-down 1.4.6 listener was handed %s%n", first.contents());
        assertFalse(first.contents().contains(Optional.of("v=3")), "the shut-down client polls no more");
    }

    @Test
    @DisplayName("a listener starting from a snapshot older than the server's content is told the new content at once")
    void listenerFromAStaleSnapshotIsToldAtOnce() throws Exception {
        String dataId = "cfg1-" + UUID.randomUUID() + ".properties";
        ConfigService writer = client();
        assertTrue(writer.publishConfig(dataId, GROUP, "v=1"));
        // A reader that does not listen leaves no poll behind: its snapshot stays at v=1 once it is shut down.
        ConfigService reader = client();
        assertEquals("v=1", reader.getConfig(dataId, GROUP, 3000));
        reader.shutDown();
        assertTrue(writer.publishConfig(dataId, GROUP, "v=2"));

        // The next client starts its listener from that snapshot, so it polls holding v=1's md5: the server must
        // answer at once that it changed, and the client then reads v=2 and hands it over.
        ConfigService after = client();
        Recorder listener = new Recorder();
        long started = System.nanoTime();
        after.addListener(dataId, GROUP, listener);
        await().atMost(WAIT).until(listener::contents, List.of(Optional.of("v=2"))::equals);
        long millis = (listener.lastNanos() - started) / 1_000_000;
        System.out.printf("Client1ConfigIT: a 1.4.6 listener holding a stale md5 was told in %d ms%n", millis);
        assertTrue(millis < CHANGE_BOUND.toMillis(), "told of the missed change in " + millis + " ms");
        assertEquals("v=2", after.getConfig(dataId, GROUP, 3000));
    }

    /** Records each content a listener is handed (empty for null) and when the last came. */
    private static final class Recorder extends AbstractListener {
        private final List<Optional<String>> contents = new CopyOnWriteArrayList<>();
        private volatile long lastNanos;
        private volatile long lastWriteMillis;

        @Override
        public void receiveConfigInfo(String configInfo) {
            lastNanos = System.nanoTime();
            contents.add(Optional.ofNullable(configInfo));
        }

        List<Optional<String>> contents() {
            return List.copyOf(contents);
        }

        long lastNanos() {
            return lastNanos;
        }

        /** How long the last write of {@link #publishAndTime} took to be answered, of the time it measured. */
        long lastWriteMillis() {
            return lastWriteMillis;
        }

        /** Makes the change, waits for it to arrive last, asserts it came within the bound; returns the ms taken. */
        long publishAndTime(Write write, Optional<String> expected) throws Exception {
            long started = System.nanoTime();
            assertTrue(write.run(), "the server took the write");
            lastWriteMillis = (System.nanoTime() - started) / 1_000_000;
            await().atMost(WAIT).until(() -> !contents.isEmpty() && contents.get(contents.size() - 1).equals(expected));
            long millis = (lastNanos - started) / 1_000_000;
            assertTrue(millis < CHANGE_BOUND.toMillis(), expected + " reached the listener in " + millis + " ms");
            return millis;
        }
    }

    @FunctionalInterface
    private interface Write {
        boolean run() throws NacosException;
    }

    private ConfigService client() throws NacosException {
        return client(null);
    }

    private ConfigService client(String namespace) throws NacosException {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, SharedServer.serverAddr());
        if (namespace != null) {
            properties.put(PropertyKeyConst.NAMESPACE, namespace);
        }
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }

    private static HttpResponse<String> rawGet(String dataId) throws Exception {
        String query = "dataId=" + URLEncoder.encode(dataId, StandardCharsets.UTF_8) + "&group=" + GROUP;
        HttpRequest request = HttpRequest.newBuilder(
                URI.create("http://" + SharedServer.serverAddr() + "/nacos/v1/cs/configs?" + query))
                .timeout(Duration.ofSeconds(10)).GET().build();
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static String md5(String content) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                .digest(content.getBytes(StandardCharsets.UTF_8)));
    }
}
