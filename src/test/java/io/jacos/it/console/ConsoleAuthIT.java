package io.jacos.it.console;

import io.jacos.it.support.AdminTokenHttp;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import static io.jacos.it.console.ConsoleBrowser.PAGE;
import static io.jacos.it.console.ConsoleBrowser.testId;
import static io.jacos.it.support.AdminTokenHttp.texts;
import static io.jacos.it.support.NamingClients.uniqueName;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console with auth on, in real headless Chromium against the shared auth server: the login page shows first,
 * a wrong password is refused with the server's sentence, the admin logs in, sees the services page, creates a
 * user on the users & roles page, and logs out (after which a reload shows the login page again).
 */
@ExtendWith(SharedAuthServer.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Console in a real browser with auth on: login, users page, logout")
class ConsoleAuthIT {

    private static final String SERVER = SharedAuthServer.serverAddr();

    private ConsoleBrowser browser;
    private String created;

    @BeforeAll
    void browser() {
        browser = ConsoleBrowser.open(SERVER);
    }

    @AfterAll
    void cleanUp() {
        try {
            if (created != null) {
                AdminTokenHttp.login(SERVER, SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD)
                        .call("DELETE", "/users/" + created, null);
            }
        } finally {
            if (browser != null) {
                browser.close();
            }
        }
    }

    @Test
    @DisplayName("log in (after a refused password), see services, create a user on the users page, log out")
    void loginUsersLogout() {
        browser.go("services", "login");
        assertFalse(browser.byTestId("login-form").isDisplayed() && isShown("nav"), "no navigation before login");
        logIn(SharedAuthServer.ADMIN_USER, "not-the-password");
        WebElement message = browser.wait(PAGE).until(d -> {
            WebElement note = d.findElement(testId("login-message"));
            return note.isDisplayed() && !note.getText().isBlank() ? note : null;
        });
        assertFalse(message.getText().contains("Exception"), message.getText());
        assertEquals("login", browser.driver().findElement(By.id("page")).getDomAttribute("data-page"));

        logIn(SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD);
        browser.awaitPage("services");
        assertEquals(SharedAuthServer.ADMIN_USER, browser.byTestId("user-name").getText());

        browser.byTestId("nav-users").click();
        browser.awaitPage("users");
        assertTrue(browser.byTestId("user-row-" + SharedAuthServer.ADMIN_USER).getText().contains("ROLE_ADMIN"));
        created = uniqueName("console-user");
        browser.byTestId("user-create-name").sendKeys(created);
        browser.byTestId("user-create-password").sendKeys("console-Pass-55");
        browser.byTestId("user-create-submit").click();
        assertTrue(browser.byTestId("user-row-" + created).isDisplayed());
        assertTrue(browser.byTestId("notice").getText().contains(created), browser.byTestId("notice").getText());
        assertTrue(texts(AdminTokenHttp.login(SERVER, SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD)
                .get("/users").data(), "username").contains(created), "the server has the user");
        browser.screenshot("console-auth-users");

        browser.byTestId("logout").click();
        browser.awaitPage("login");
        assertEquals("You are logged out.", browser.byTestId("login-message").getText());
        browser.go("server", "login"); // the token is gone: any page asks for a login again
        assertFalse(isShown("user-box"));
    }

    private void logIn(String username, String password) {
        WebElement name = browser.byTestId("login-username");
        name.clear();
        name.sendKeys(username);
        WebElement secret = browser.byTestId("login-password");
        secret.clear();
        secret.sendKeys(password);
        browser.byTestId("login-submit").click();
    }

    private boolean isShown(String id) {
        return browser.driver().findElement(By.id(id)).isDisplayed();
    }
}
