package io.jacos.it.console;

import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, driven by Debian's chromedriver. Both are given by path, so Selenium Manager never
 * runs and nothing is downloaded; when either is missing the test fails saying what to install (CI installs both).
 * Each browser has a fresh profile folder, deleted on {@link #close()}.
 */
final class ConsoleBrowser implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("jacos.it.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("jacos.it.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of(System.getProperty("jacos.it.screenshots", "target/console-screenshots"));

    /** A page of the console rendering, or an action's answer reaching the page. */
    static final Duration PAGE = Duration.ofSeconds(30);

    private final ChromeDriver driver;
    private final Path profile;
    private final String consoleUrl;

    private ConsoleBrowser(ChromeDriver driver, Path profile, String consoleUrl) {
        this.driver = driver;
        this.profile = profile;
        this.consoleUrl = consoleUrl;
    }

    /** A browser for the console at {@code http://<serverAddr>/nacos/}. */
    static ConsoleBrowser open(String serverAddr) {
        for (Path binary : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!Files.isExecutable(binary)) {
                throw new IllegalStateException(binary + " not found: the console's browser tests need Debian's chromium "
                        + "and chromium-driver (apt-get install chromium chromium-driver; .ci/run installs them)");
            }
        }
        Path profile;
        try {
            profile = Files.createTempDirectory("jacos-chromium-");
            Files.createDirectories(SCREENSHOTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Downloads (the configurations' export) land in the profile, where the test reads them and close() deletes them.
        options.setExperimentalOption("prefs", java.util.Map.of("download.default_directory",
                profile.resolve("downloads").toString(), "download.prompt_for_download", false));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1366,900", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().withLogFile(SCREENSHOTS.resolve("chromedriver.log").toFile()).build();
        try {
            return new ConsoleBrowser(new ChromeDriver(service, options), profile, "http://" + serverAddr + "/nacos/");
        } catch (RuntimeException e) {
            delete(profile);
            throw e;
        }
    }

    ChromeDriver driver() {
        return driver;
    }

    /** Where the browser saves what it downloads. */
    Path downloads() {
        return profile.resolve("downloads");
    }

    /** Opens a console route ({@code services?namespaceId=x}) and waits until its page has rendered. */
    void go(String route, String page) {
        driver.get(consoleUrl + "#/" + route);
        awaitPage(page);
    }

    /** Waits until the console shows {@code page} (its data-page name) fully rendered. */
    void awaitPage(String page) {
        wait(PAGE).withMessage(() -> "the console's " + page + " page to render; it shows: " + shows()).until(d -> {
            WebElement main = d.findElement(By.id("page"));
            return page.equals(main.getAttribute("data-page")) && "ready".equals(main.getAttribute("data-state"));
        });
    }

    /** What the page shows now, for a failure message: its name and state, the banner, the start of its text. */
    private String shows() {
        try {
            WebElement main = driver.findElement(By.id("page"));
            String text = main.getText();
            return "page=" + main.getDomAttribute("data-page") + " state=" + main.getDomAttribute("data-state")
                    + " banner=\"" + driver.findElement(By.id("banner-text")).getText() + "\" text=\""
                    + text.substring(0, Math.min(300, text.length())) + "\"";
        } catch (RuntimeException e) {
            return "(unreadable: " + e + ")";
        }
    }

    WebElement byTestId(String testId) {
        return wait(PAGE).until(ExpectedConditions.visibilityOfElementLocated(testId(testId)));
    }

    static By testId(String testId) {
        return By.cssSelector("[data-testid='" + testId + "']");
    }

    /** Clicks Refresh on the current page until {@code found} gives an answer, at most {@code atMost}. */
    <T> T refreshUntil(Duration atMost, String page, Supplier<T> found) {
        return wait(atMost).until(d -> {
            T answer = found.get();
            if (answer == null || Boolean.FALSE.equals(answer)) {
                awaitPage(page);
                d.findElement(By.id("refresh")).click();
                return null;
            }
            return answer;
        });
    }

    /** The error banner's text once it shows. */
    String bannerText() {
        return byTestId("error-banner").findElement(By.id("banner-text")).getText();
    }

    void selectNamespace(String namespaceId) {
        new Select(driver.findElement(By.id("namespace-switcher"))).selectByValue(namespaceId);
    }

    WebDriverWait wait(Duration atMost) {
        WebDriverWait wait = new WebDriverWait(driver, atMost, Duration.ofMillis(200));
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    /** Saves what the browser shows as {@code target/console-screenshots/<name>.png}. */
    Path screenshot(String name) {
        Path target = SCREENSHOTS.resolve(name + ".png");
        try {
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            delete(profile);
        }
    }

    private static void delete(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A profile folder left in the temp folder must not hide the test's own result.
        }
    }
}
