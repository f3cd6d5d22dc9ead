package io.jacos.it.console;

import io.jacos.it.support.NacosHttp;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NamingClients;
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
import org.openqa.selenium.support.ui.Select;

import java.util.List;
import java.util.Map;

import static io.jacos.it.console.ConsoleBrowser.PAGE;
import static io.jacos.it.console.ConsoleBrowser.testId;
import static io.jacos.it.support.NamingClients.instance;
import static io.jacos.it.support.NamingClients.uniqueName;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The namespaces and server pages in real headless Chromium: create, edit and delete namespaces, the server's
 * refusal to delete one that holds services shown as it worded it, empty states, and this server's facts.
 */
@ExtendWith(SharedServer.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Console in a real browser: namespaces and server")
class ConsoleNamespacesIT {

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final JsonHttp admin = new JsonHttp(SharedServer.serverAddr());
    private ConsoleBrowser browser;

    @BeforeAll
    void openBrowser() {
        browser = ConsoleBrowser.open(SharedServer.serverAddr());
    }

    @AfterAll
    void cleanUp() {
        try {
            clients.close();
        } finally {
            if (browser != null) {
                browser.close();
            }
        }
    }

    @Test
    @DisplayName("a namespace created in the console is listed and switchable, its description edited, and it is deleted")
    void createEditDelete() {
        String id = uniqueName("ui-empty");
        browser.go("namespaces", "namespaces");
        create(id, "Empty " + id, "nothing here");
        WebElement row = browser.byTestId("ns-row-" + id);
        assertTrue(row.getText().contains("nothing here"), row.getText());
        assertEquals("0", browser.byTestId("ns-services-" + id).getText());
        browser.wait(PAGE).until(d -> new Select(d.findElement(By.id("namespace-switcher"))).getOptions().stream()
                .anyMatch(o -> id.equals(o.getDomAttribute("value"))));

        browser.byTestId("ns-edit-" + id).click();
        WebElement description = browser.byTestId("ns-description-input-" + id);
        description.clear();
        description.sendKeys("edited in the browser");
        browser.byTestId("ns-description-save-" + id).click();
        browser.wait(PAGE).until(d -> d.findElement(testId("ns-row-" + id)).getText().contains("edited in the browser"));
        assertEquals("edited in the browser", namespaceJson(id).path("description").asText());

        browser.go("services?namespaceId=" + id, "services");
        assertEquals("No services in namespace " + id + ".", browser.byTestId("services-empty").getText());

        browser.go("namespaces", "namespaces");
        browser.byTestId("ns-delete-" + id).click();
        browser.byTestId("ns-delete-" + id).click();
        browser.wait(PAGE).until(d -> d.findElements(testId("ns-row-" + id)).isEmpty());
        assertTrue(namespaceJson(id).isMissingNode(), "deleted on the server too");
    }

    @Test
    @DisplayName("deleting a namespace that holds a service shows the server's refusal, and the namespace stays")
    void refusedDelete() {
        String id = uniqueName("ui-busy");
        browser.go("namespaces", "namespaces");
        create(id, "Busy " + id, "");
        try {
            clients.open(Map.of(PropertyKeyConst.NAMESPACE, id))
                    .registerInstance(uniqueName("busy"), instance("127.0.0.81", 8080));
        } catch (Exception e) {
            throw new IllegalStateException("cannot register in " + id, e);
        }
        browser.refreshUntil(Waits.PUSH, "namespaces", () -> "1".equals(
                browser.driver().findElement(testId("ns-services-" + id)).getText()));

        browser.byTestId("ns-delete-" + id).click();
        browser.byTestId("ns-delete-" + id).click();
        String refusal = browser.bannerText();
        assertFalse(refusal.isBlank());
        assertTrue(refusal.contains(id) || refusal.toLowerCase().contains("service"), refusal);
        assertTrue(browser.byTestId("ns-row-" + id).isDisplayed());
        assertFalse(namespaceJson(id).isMissingNode(), "still there on the server");
        browser.screenshot("namespaces");
    }

    @Test
    @DisplayName("an unknown namespace in the address shows the server's 404 sentence in the banner")
    void unknownNamespace() {
        String id = uniqueName("no-such");
        browser.go("services?namespaceId=" + id, "services");
        String message = browser.bannerText();
        assertTrue(message.contains(id), message);
        browser.byTestId("page-error");
    }

    @Test
    @DisplayName("the server page shows version, mode, uptime, counts and settings")
    void serverPage() {
        browser.go("server", "server");
        assertFalse(browser.byTestId("server-version").getText().isBlank());
        assertEquals("standalone", browser.byTestId("server-mode").getText());
        assertFalse(browser.byTestId("server-uptime").getText().isBlank());
        assertTrue(Integer.parseInt(browser.byTestId("count-namespaces").findElement(By.tagName("strong")).getText()) >= 1);
        browser.byTestId("cluster-standalone");
        assertFalse(browser.driver().findElements(By.cssSelector("#settings-table tbody tr")).isEmpty());
        browser.screenshot("server");

        // The shared server runs with a shortened keep-alive: the effective value, found with the filter.
        browser.driver().findElement(By.id("settings-filter")).sendKeys("connection.keep-alive");
        browser.wait(PAGE).until(d -> d.findElements(By.cssSelector("#settings-table tbody tr")).stream()
                .filter(WebElement::isDisplayed).map(WebElement::getText).toList()
                .equals(List.of("jacos.connection.keep-alive " + SharedServer.KEEP_ALIVE_MILLIS)));
    }

    private void create(String id, String name, String description) {
        browser.driver().findElement(By.id("ns-create-id")).sendKeys(id);
        browser.driver().findElement(By.id("ns-create-name")).sendKeys(name);
        browser.driver().findElement(By.id("ns-create-description")).sendKeys(description);
        browser.driver().findElement(By.id("ns-create-submit")).click();
        browser.byTestId("ns-row-" + id);
        assertTrue(browser.byTestId("notice").getText().contains(id));
    }

    /** The namespace as GET /namespaces lists it, or a missing node. */
    private JsonNode namespaceJson(String id) {
        NacosHttp.Answer list = admin.get("/nacos/admin/namespaces");
        assertEquals(200, list.status(), list::toString);
        for (JsonNode ns : list.data()) {
            if (id.equals(ns.path("id").asText())) {
                return ns;
            }
        }
        return MissingNode.getInstance();
    }
}
