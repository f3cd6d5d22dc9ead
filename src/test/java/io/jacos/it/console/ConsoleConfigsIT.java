package io.jacos.it.console;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import static io.jacos.it.console.ConsoleBrowser.PAGE;
import static io.jacos.it.console.ConsoleBrowser.testId;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The configuration pages in real headless Chromium, with a real nacos-client 2.5.1 listening: what the console
 * creates, edits, restores and deletes reaches the client; the review shows the edit line by line; an edit made
 * elsewhere while the editor was open is refused, not overwritten.
 */
@ExtendWith(SharedServer.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Console in a real browser: configurations")
class ConsoleConfigsIT {

    private static final Duration NOTIFIED = Duration.ofSeconds(30);
    private static final String GROUP = "DEFAULT_GROUP";

    private final JsonHttp admin = new JsonHttp(SharedServer.serverAddr());
    private ConsoleBrowser browser;
    private ConfigService client;

    @BeforeAll
    void open() throws Exception {
        browser = ConsoleBrowser.open(SharedServer.serverAddr());
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        client = ConfigFactory.createConfigService(properties);
    }

    @AfterAll
    void close() throws Exception {
        try {
            client.shutDown();
        } finally {
            if (browser != null) {
                browser.close();
            }
        }
    }

    @Test
    @DisplayName("a beta's changes are named in the history and never offered for restore as the formal content")
    void grayChangesAreNamedAndNotRestored() {
        String dataId = "ui-gray-" + UUID.randomUUID() + ".properties";
        NacosHttp http = new NacosHttp(SharedServer.serverAddr());
        Map<String, String> form = Map.of("dataId", dataId, "group", GROUP, "content", "a=1");
        assertEquals(200, http.call("POST", "/nacos/v1/cs/configs", Map.of(), form).status());
        assertEquals(200, http.call("POST", "/nacos/v1/cs/configs", Map.of(), Map.of("dataId", dataId, "group", GROUP,
                "content", "a=beta"), NacosHttp.USER_AGENT_1_4_6, Map.of("betaIps", "10.9.8.7")).status());

        browser.go("configs?dataId=" + dataId.substring(3, 15), "configs");
        browser.byTestId("config-link-" + dataId).click();
        browser.awaitPage("config");
        assertEquals("a=1", browser.byTestId("config-content").getText(), "the page shows the formal version");
        List<WebElement> changes = browser.byTestId("config-history-table").findElements(By.cssSelector("tbody tr"));
        assertEquals(2, changes.size());
        assertTrue(changes.get(0).getText().contains("gray version beta"), changes.get(0).getText());
        changes.get(0).findElement(By.tagName("button")).click();
        browser.wait(PAGE).until(d -> d.findElement(testId("config-change-content")).getText().equals("a=beta"));
        assertTrue(browser.driver().findElements(testId("config-restore")).isEmpty(),
                "a gray version's content is not restorable as the formal one");
        changes.get(1).findElement(By.tagName("button")).click();
        browser.wait(PAGE).until(d -> d.findElement(testId("config-change-content")).getText().equals("a=1"));
        assertEquals(1, browser.driver().findElements(testId("config-restore")).size(), "a formal change is");
    }

    @Test
    @DisplayName("a namespace exported to a zip the browser saves, and a zip imported with overwrite, from the list page")
    void exportAndImportANamespace() throws Exception {
        NacosHttp http = new NacosHttp(SharedServer.serverAddr());
        String namespace = http.createNamespace("ui-archive");
        for (String[] config : new String[][] {{"kept.properties", "k=1"}, {"changed.properties", "c=1"}}) {
            assertEquals(200, http.call("POST", "/nacos/v1/cs/configs", Map.of(), Map.of("tenant", namespace,
                    "dataId", config[0], "group", GROUP, "content", config[1])).status());
        }

        browser.go("configs?namespaceId=" + namespace, "configs");
        browser.byTestId("config-export").click();
        browser.wait(PAGE).until(d -> d.findElement(testId("notice")).getText().startsWith("Exported "));
        Path zip = await("the export saved by the browser").atMost(PAGE).until(() -> savedZip(browser.downloads()),
                Optional::isPresent).orElseThrow();
        Map<String, String> exported = entries(Files.readAllBytes(zip));
        assertEquals("k=1", exported.get(GROUP + "/kept.properties"), exported.keySet().toString());
        assertEquals("c=1", exported.get(GROUP + "/changed.properties"));
        assertTrue(exported.containsKey(".metadata.yml"), "the 2.x console's format: " + exported.keySet());

        Path upload = Files.createTempFile("jacos-console-import", ".zip");
        try {
            Files.write(upload, zipOf(Map.of(GROUP + "/changed.properties", "c=2", GROUP + "/added.properties", "a=1")));
            browser.byTestId("config-import-file").sendKeys(upload.toString());
            new Select(browser.byTestId("config-import-policy")).selectByValue("OVERWRITE");
            browser.byTestId("config-import-submit").click();
            browser.wait(PAGE).until(d -> d.findElement(testId("notice")).getText().startsWith("Import: 2 imported"));
        } finally {
            Files.deleteIfExists(upload);
        }
        browser.awaitPage("configs");
        browser.byTestId("config-row-" + GROUP + "-added.properties");
        for (String[] config : new String[][] {{"kept.properties", "k=1"}, {"changed.properties", "c=2"},
                {"added.properties", "a=1"}}) {
            assertEquals(config[1], http.get("/nacos/v1/cs/configs", Map.of("tenant", namespace, "dataId", config[0],
                    "group", GROUP)).body(), config[0]);
        }
    }

    private static Optional<Path> savedZip(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".zip")).findFirst();
        }
    }

    private static Map<String, String> entries(byte[] zip) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                entries.put(entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return entries;
    }

    private static byte[] zipOf(Map<String, String> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> entry : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(entry.getKey()));
                out.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    @Test
    @DisplayName("created, edited after a review, restored from history and deleted in the console; a client hears each")
    void lifecycleReachesAListeningClient() throws Exception {
        String dataId = "ui-" + UUID.randomUUID() + ".properties";
        List<Optional<String>> heard = listen(dataId);
        // The page lists the listeners it finds when it renders: the client's listen must have arrived by then.
        await().atMost(NOTIFIED).until(() -> admin.get("/nacos/admin/configs/" + GROUP + "/" + dataId + "/listeners")
                .data().size() == 1);

        browser.go("configs", "configs");
        browser.byTestId("config-create").click();
        browser.awaitPage("config-edit");
        browser.driver().findElement(By.id("config-data-id")).sendKeys(dataId);
        new Select(browser.driver().findElement(By.id("config-type"))).selectByValue("properties");
        browser.byTestId("config-text").sendKeys("a=1\nb=2");
        browser.byTestId("config-publish").click();
        browser.awaitPage("config");
        assertEquals("a=1\nb=2", browser.byTestId("config-content").getText());
        assertTrue(browser.byTestId("notice").getText().contains(dataId));
        await().atMost(NOTIFIED).until(() -> heard.contains(Optional.of("a=1\nb=2")));
        WebElement listener = browser.byTestId("config-listener");
        assertEquals("grpc", listener.getDomAttribute("data-transport"));
        assertTrue(listener.getText().contains("Nacos-Java-Client:v2.5.1"), listener.getText());
        assertEquals("properties", browser.driver().findElement(By.id("config-facts")).getText().lines()
                .dropWhile(line -> !line.equals("Type")).skip(1).findFirst().orElse(""));

        browser.byTestId("config-edit").click();
        browser.awaitPage("config-edit");
        WebElement text = browser.byTestId("config-text");
        text.clear();
        text.sendKeys("a=1\nb=3\nc=4");
        browser.byTestId("config-review-button").click();
        WebElement diff = browser.byTestId("config-review-diff");
        assertEquals("3", diff.getDomAttribute("data-changed"), diff.getText());
        assertEquals(List.of("removed", "added", "added"), diff.findElements(By.cssSelector(".diff-line:not(.same)"))
                .stream().map(line -> line.getDomAttribute("data-kind")).toList());
        browser.screenshot("config-review");
        browser.byTestId("config-publish").click();
        browser.awaitPage("config");
        await().atMost(NOTIFIED).until(() -> heard.contains(Optional.of("a=1\nb=3\nc=4")));

        // Newest first: the update recorded the content it replaced.
        List<WebElement> changes = browser.byTestId("config-history-table").findElements(By.cssSelector("tbody tr"));
        assertEquals(List.of("U", "I"), changes.stream().map(row -> row.getDomAttribute("data-op")).toList());
        changes.get(0).findElement(By.tagName("button")).click();
        assertEquals("a=1\nb=2", browser.byTestId("config-change-content").getText());
        browser.byTestId("config-restore").click();
        browser.byTestId("config-restore").click();
        browser.wait(PAGE).until(d -> d.findElement(testId("config-content")).getText().equals("a=1\nb=2"));
        await().atMost(NOTIFIED).until(() -> heard.get(heard.size() - 1).equals(Optional.of("a=1\nb=2")));
        browser.screenshot("config");

        browser.go("configs?dataId=" + dataId.substring(3, 15), "configs");
        browser.byTestId("config-link-" + dataId).click();
        browser.awaitPage("config");
        browser.byTestId("config-delete").click();
        browser.byTestId("config-delete").click();
        browser.awaitPage("configs");
        assertTrue(browser.byTestId("notice").getText().contains(dataId));
        await().atMost(NOTIFIED).until(() -> heard.get(heard.size() - 1).isEmpty());
        assertEquals(null, client.getConfig(dataId, GROUP, 3000));
    }

    @Test
    @DisplayName("an edit published elsewhere while the editor was open is refused with the server's sentence")
    void staleEditIsRefused() throws Exception {
        String dataId = "ui-" + UUID.randomUUID() + ".yaml";
        assertTrue(client.publishConfig(dataId, GROUP, "v: 1", "yaml"));
        browser.go("config-edit/" + GROUP + "/" + dataId, "config-edit");
        assertTrue(client.publishConfig(dataId, GROUP, "v: 2", "yaml"));
        WebElement text = browser.byTestId("config-text");
        text.clear();
        text.sendKeys("v: 3");
        browser.byTestId("config-publish").click();
        String refusal = browser.bannerText();
        assertTrue(refusal.toLowerCase().contains("md5") || refusal.toLowerCase().contains("changed"), refusal);
        assertEquals("config-edit", browser.driver().findElement(By.id("page")).getDomAttribute("data-page"));
        assertEquals("v: 2", client.getConfig(dataId, GROUP, 3000));
    }

    @Test
    @DisplayName("creating a configuration whose data id is taken is refused before anything is written")
    void takenDataIdIsRefused() throws Exception {
        String dataId = "ui-" + UUID.randomUUID() + ".txt";
        assertTrue(client.publishConfig(dataId, GROUP, "first"));
        browser.go("config-edit", "config-edit");
        browser.driver().findElement(By.id("config-data-id")).sendKeys(dataId);
        browser.byTestId("config-text").sendKeys("second");
        browser.byTestId("config-publish").click();
        assertTrue(browser.bannerText().contains("already exists"), browser.bannerText());
        assertEquals("first", client.getConfig(dataId, GROUP, 3000));
    }

    private List<Optional<String>> listen(String dataId) throws Exception {
        List<Optional<String>> heard = new CopyOnWriteArrayList<>();
        client.addListener(dataId, GROUP, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                heard.add(Optional.ofNullable(configInfo));
            }
        });
        return heard;
    }
}
