/**
 * The console in a real browser: Debian's headless Chromium driven through its chromedriver (Selenium WebDriver)
 * against the shared test server, with real nacos-client 2.5.1 clients registering, subscribing and dying.
 * Screenshots of every page go to {@code target/console-screenshots}.
 */
package io.jacos.it.console;
