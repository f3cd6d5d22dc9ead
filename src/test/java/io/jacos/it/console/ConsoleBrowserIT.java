package io.jacos.it.console;

import io.jacos.it.support.NacosHttp;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RegisteringClientMain;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.jacos.it.console.ConsoleBrowser.PAGE;
import static io.jacos.it.console.ConsoleBrowser.testId;
import static io.jacos.it.support.NamingClients.instance;
import static io.jacos.it.support.NamingClients.uniqueName;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator does in the console, in real headless Chromium against the shared server, with real
 * nacos-client 2.5.1 clients in a namespace made for this class: find the services they registered, open one,
 * disable an instance (its subscriber stops getting it), and see why an instance of a killed client went.
 */
@ExtendWith(SharedServer.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Console in a real browser: services, instances, history")
class ConsoleBrowserIT {

    private static final String GROUP = "DEFAULT_GROUP";

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final JsonHttp admin = new JsonHttp(SharedServer.serverAddr());
    private final List<ClientProcess> processes = new ArrayList<>();
    private String namespace;
    private ConsoleBrowser browser;

    @BeforeAll
    void namespaceAndBrowser() {
        namespace = uniqueName("console");
        NacosHttp.Answer created = admin.post("/nacos/admin/namespaces", "{\"id\":\"" + namespace
                + "\",\"name\":\"Console " + namespace + "\",\"description\":\"made by ConsoleBrowserIT\"}");
        assertEquals(201, created.status(), created::toString);
        browser = ConsoleBrowser.open(SharedServer.serverAddr());
    }

    @AfterAll
    void cleanUp() {
        try {
            processes.forEach(ClientProcess::close);
            clients.close();
        } finally {
            if (browser != null) {
                browser.close();
            }
        }
    }

    @Test
    @DisplayName("the services a 2.5.1 client registered are listed, searchable, and one opens with its instances")
    void servicesAndInstances() throws Exception {
        String orders = uniqueName("orders");
        String billing = uniqueName("billing");
        client().registerInstance(orders, instance("127.0.0.51", 8080));
        NamingService second = client();
        second.registerInstance(orders, instance("127.0.0.52", 8080));
        second.registerInstance(billing, instance("127.0.0.52", 9090));

        // Into the namespace through the header's switcher, as an operator would.
        browser.go("services", "services");
        browser.selectNamespace(namespace);
        browser.wait(PAGE).until(d -> d.getCurrentUrl().contains("namespaceId=" + namespace));
        browser.awaitPage("services");
        assertEquals(namespace, browser.driver().findElement(By.id("services-namespace")).getText());
        browser.refreshUntil(Waits.PUSH, "services", () ->
                "2".equals(textOf("service-instances-" + orders)) && "1".equals(textOf("service-instances-" + billing)));
        // Sorted by group, then name (other tests of this class add services to the namespace too).
        assertEquals(List.of(billing, orders), serviceNames().stream().filter(List.of(billing, orders)::contains).toList());
        browser.screenshot("services");

        WebElement search = browser.driver().findElement(By.id("service-search"));
        search.sendKeys(billing.substring(0, 12).toUpperCase());
        browser.driver().findElement(By.id("service-search-submit")).click();
        browser.wait(PAGE).until(d -> serviceNames().equals(List.of(billing)));

        browser.go("services?namespaceId=" + namespace, "services");
        browser.driver().findElement(testId("service-link-" + orders)).click();
        browser.awaitPage("service");
        assertEquals(orders, browser.driver().findElement(By.id("service-name")).getText());
        assertEquals(List.of("127.0.0.51:8080", "127.0.0.52:8080"), instanceRows());
        browser.screenshot("service-detail");
    }

    @Test
    @DisplayName("an instance disabled in the console is no longer pushed to a 2.5.1 subscriber; a bad weight is refused")
    void disableInstance() throws Exception {
        String service = uniqueName("toggle");
        client().registerInstance(service, instance("127.0.0.61", 8080));
        client().registerInstance(service, instance("127.0.0.62", 8080));
        EventRecorder listener = new EventRecorder();
        client().subscribe(service, listener);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.61:8080", "127.0.0.62:8080"), listener.lastEndpoints()));

        openService(service);
        browser.byTestId("enabled-toggle-127.0.0.61:8080").click();
        browser.wait(PAGE).until(d -> "false".equals(
                d.findElement(testId("instance-row-127.0.0.61:8080")).getDomAttribute("data-enabled")));
        // The server leaves disabled instances out of what it pushes, so the listener sees the instance go.
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.62:8080"), listener.lastEndpoints()));
        WebElement edited = historyEntry("EDITED", "ADMIN", "127.0.0.61:8080");
        assertTrue(edited.getText().contains("admin"), edited.getText());

        WebElement weight = browser.byTestId("weight-input-127.0.0.62:8080");
        weight.clear();
        weight.sendKeys("20000");
        browser.byTestId("weight-save-127.0.0.62:8080").click();
        String refusal = browser.bannerText();
        assertTrue(refusal.contains("eight"), "the server's sentence about the weight, got: " + refusal);
        NacosHttp.Answer instances = admin.get("/nacos/admin/services/" + GROUP + "/" + service
                + "/instances?namespaceId=" + namespace);
        assertEquals(200, instances.status(), instances::toString);
        instances.data().forEach(i -> assertEquals(1.0, i.path("weight").asDouble(), i.toString()));
        browser.screenshot("service-instance-refused");

        browser.go("service/" + GROUP + "/" + service + "?namespaceId=" + namespace, "service");
        browser.byTestId("enabled-toggle-127.0.0.61:8080").click();
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.61:8080", "127.0.0.62:8080"), listener.lastEndpoints()));
    }

    @Test
    @DisplayName("after kill -9 of a client, the history says \"connection closed\" with its connection id")
    void killedClient() {
        String service = uniqueName("killed");
        ClientProcess provider = ClientProcess.start(System.getProperty("java.class.path"), RegisteringClientMain.class,
                RegisteringClientMain.REGISTERED, service + "-console", SharedServer.serverAddr(), service, "127.0.0.71",
                "8080", namespace);
        processes.add(provider);

        openService(service);
        String connectionId = browser.refreshUntil(Waits.PUSH, "service", () -> {
            List<WebElement> cells = browser.driver().findElements(testId("instance-client-127.0.0.71:8080"));
            return cells.isEmpty() ? null : cells.get(0).getText();
        });
        assertFalse(connectionId.isBlank());
        browser.go("connections", "connections");
        assertTrue(browser.byTestId("connection-row-" + connectionId).getText().contains(connectionId));
        browser.screenshot("connections");

        provider.kill();

        browser.go("service/" + GROUP + "/" + service + "?namespaceId=" + namespace, "service");
        WebElement closed = browser.refreshUntil(Waits.EVICTION, "service", () -> browser.driver().findElements(
                By.cssSelector("[data-testid='history-entry'][data-cause='CONNECTION_CLOSED']")).stream()
                .filter(e -> connectionId.equals(e.getDomAttribute("data-actor"))).findFirst().orElse(null));
        assertEquals("DEREGISTERED", closed.getDomAttribute("data-type"));
        assertEquals("127.0.0.71:8080", closed.getDomAttribute("data-instance"));
        assertTrue(closed.getText().contains("connection closed"), closed.getText());
        assertTrue(closed.getText().contains(connectionId), closed.getText());
        assertTrue(browser.driver().findElements(testId("instance-row-127.0.0.71:8080")).isEmpty());
        browser.screenshot("service-history");
    }

    @Test
    @DisplayName("\"Reset\" on the connections page makes a 2.5.1 client reconnect; its instance moves to the new connection")
    void resetConnection() throws Exception {
        String service = uniqueName("reset");
        client().registerInstance(service, instance("127.0.0.91", 8080));
        openService(service);
        String before = browser.refreshUntil(Waits.PUSH, "service", () -> textOf("instance-client-127.0.0.91:8080"));

        browser.go("connections", "connections");
        browser.byTestId("reset-" + before).click();
        assertTrue(browser.byTestId("notice").getText().contains(before), browser.byTestId("notice").getText());
        browser.refreshUntil(Waits.RECONNECT, "connections",
                () -> browser.driver().findElements(testId("connection-row-" + before)).isEmpty());

        openService(service);
        String after = browser.refreshUntil(Waits.RECONNECT, "service", () -> {
            String client = textOf("instance-client-127.0.0.91:8080");
            return client == null || client.equals(before) ? null : client;
        });
        assertTrue(admin.get("/nacos/admin/connections").data().path("connections").findValuesAsText("id")
                .contains(after), after);
    }

    private NamingService client() {
        return clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
    }

    private void openService(String service) {
        browser.go("service/" + GROUP + "/" + service + "?namespaceId=" + namespace, "service");
    }

    private WebElement historyEntry(String type, String cause, String instance) {
        return browser.refreshUntil(Waits.PUSH, "service", () -> browser.driver().findElements(
                By.cssSelector("[data-testid='history-entry'][data-type='" + type + "'][data-cause='" + cause + "']"))
                .stream().filter(e -> instance.equals(e.getDomAttribute("data-instance"))).findFirst().orElse(null));
    }

    private String textOf(String testId) {
        List<WebElement> found = browser.driver().findElements(testId(testId));
        return found.isEmpty() ? null : found.get(0).getText();
    }

    private List<String> serviceNames() {
        return browser.driver().findElements(By.cssSelector("#services-table tbody tr")).stream()
                .map(row -> row.getDomAttribute("data-service")).toList();
    }

    private List<String> instanceRows() {
        return browser.driver().findElements(By.cssSelector("#instances-table tbody tr")).stream()
                .map(row -> row.getDomAttribute("data-instance")).toList();
    }
}
