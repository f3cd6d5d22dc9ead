package io.jacos.it.console;

import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.LoopbackConnections;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;

import static io.jacos.it.console.ConsoleBrowser.PAGE;
import static io.jacos.it.console.ConsoleBrowser.testId;
import static io.jacos.it.support.NamingClients.uniqueName;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server page of a two-node cluster in real headless Chromium: both nodes with their state and connections,
 * then drain, undrain and rebalance from the page, with real 2.5.1 clients moving between the nodes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@RunsBeside
@DisplayName("Console in a real browser: a cluster of two")
class ConsoleClusterIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3200;
    /** At most this many clients are opened (each picks a node at random) to get one onto node B. */
    private static final int MAX_CLIENTS = 12;

    private LocalCluster cluster;
    private Node a;
    private Node b;
    private NamingClients clients;
    private ConsoleBrowser browser;

    @BeforeAll
    void clusterClientsAndBrowser() throws Exception {
        cluster = new LocalCluster("console", FIRST_PORT, 2, Map.of());
        a = cluster.node(0);
        b = cluster.node(1);
        cluster.start();
        LocalCluster.awaitFormed(a, b);
        clients = new NamingClients(cluster.allAddresses());
        String service = uniqueName("console-cluster");
        for (int i = 0; i < MAX_CLIENTS && LoopbackConnections.to(b.grpcPort()) == 0; i++) {
            clients.open().registerInstance(service, "127.0.0.95", 9500 + i);
        }
        assertTrue(LoopbackConnections.to(b.grpcPort()) > 0, "no client of " + MAX_CLIENTS + " connected to " + b);
        browser = ConsoleBrowser.open(a.serverAddr());
    }

    @AfterAll
    void cleanUp() {
        try {
            if (clients != null) {
                clients.close();
            }
            if (browser != null) {
                browser.close();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Test
    @DisplayName("the nodes table shows both nodes; drain empties B onto A, undrain and rebalance answer on the page")
    void drainUndrainRebalance() {
        browser.go("server", "server");
        assertEquals("cluster", browser.byTestId("server-mode").getText());
        // B says it is drained while it doubts a peer: after a merge (JGroups may merge two nodes that started
        // together) until the peer's answered snapshot, and the page then offers Undrain, not Drain.
        browser.refreshUntil(Waits.PUSH, "server", () -> "UP".equals(row(a).getDomAttribute("data-state"))
                && "UP".equals(row(b).getDomAttribute("data-state")) && connections(b) > 0
                && "false".equals(row(b).getDomAttribute("data-drained")));
        assertTrue(row(a).getText().contains("this node"), row(a).getText());
        browser.screenshot("server-cluster");

        browser.byTestId("drain-" + b.address()).click();
        String drained = browser.byTestId("notice").getText();
        assertTrue(drained.contains(b.address()) && drained.contains("drained"), drained);
        browser.refreshUntil(Waits.RECONNECT, "server", () -> "true".equals(row(b).getDomAttribute("data-drained"))
                && connections(b) == 0);

        // Every connection is now on A, as the connections page (of A, which also lists B's clients) says.
        browser.go("connections", "connections");
        browser.refreshUntil(Waits.RECONNECT, "connections", () -> {
            List<String> nodes = browser.driver().findElements(By.cssSelector("#connections-table tbody tr")).stream()
                    .map(r -> r.findElements(By.tagName("td")).get(6).getText()).toList();
            return !nodes.isEmpty() && nodes.stream().allMatch(a.address()::equals);
        });
        browser.screenshot("connections-cluster");

        browser.go("server", "server");
        browser.byTestId("undrain-" + b.address()).click();
        assertTrue(browser.byTestId("notice").getText().contains(b.address()));
        // A digest sent before the undrain, or one sent while B still doubted a peer, may say drained a moment longer.
        browser.refreshUntil(Waits.RECONNECT, "server", () -> "false".equals(row(b).getDomAttribute("data-drained")));

        browser.driver().findElement(By.id("rebalance")).click();
        browser.wait(PAGE).until(d -> d.findElement(testId("notice")).getText().startsWith("Rebalance moved"));
    }

    private WebElement row(Node node) {
        return browser.driver().findElement(testId("node-row-" + node.address()));
    }

    private int connections(Node node) {
        String text = browser.driver().findElement(testId("node-connections-" + node.address())).getText();
        return text.matches("\\d+") ? Integer.parseInt(text) : -1;
    }
}
