package io.jacos.it.support;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.HashMap;
import java.util.Map;

/**
 * One server for every test class in this JVM that does not need a server of its own. Started by the first
 * class that asks for it and stopped when the JVM's tests end. Timings are shortened so connection checks
 * can be observed within a test.
 */
public final class SharedServer implements BeforeAllCallback {

    /** Base port of test servers; a test that needs a server of its own offsets from it. */
    public static final int HTTP_PORT = Integer.getInteger("jacos.it.port", 18848);

    /**
     * Idle time before the server probes a silent connection, and how long it waits for the answer. Longer
     * than the client's own 5 s idle health check, and lenient on the answer, so a busy test JVM is never
     * mistaken for a frozen client; a frozen one is still evicted within about ten seconds.
     */
    public static final long KEEP_ALIVE_MILLIS = 6000;
    public static final long PROBE_TIMEOUT_MILLIS = 3000;

    private static final Map<String, String> SETTINGS = settings();

    /** The shortened timings, plus what a test execution adds in {@code jacos.it.server-settings} (k=v,k=v). */
    private static Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>(Map.of(
                "jacos.connection.keep-alive", Long.toString(KEEP_ALIVE_MILLIS),
                "jacos.connection.probe-timeout", Long.toString(PROBE_TIMEOUT_MILLIS),
                "jacos.connection.check-interval", "500"));
        for (String pair : System.getProperty("jacos.it.server-settings", "").split(",")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                settings.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return Map.copyOf(settings);
    }

    private record Handle(JacosServer server) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            server.stop();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server(context);
    }

    public static JacosServer server(ExtensionContext context) {
        return shared(context, "shared", HTTP_PORT, SETTINGS);
    }

    /**
     * The server named {@code name} that every test class of this JVM shares: started by the first class that asks,
     * stopped when the JVM's tests end.
     */
    static JacosServer shared(ExtensionContext context, String name, int httpPort, Map<String, String> settings) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent("jacos-server-" + name,
                        k -> new Handle(new JacosServer(name, httpPort, settings).start()), Handle.class)
                .server();
    }

    /** The shared server's address, for tests that use the extension. */
    public static String serverAddr() {
        return "127.0.0.1:" + HTTP_PORT;
    }

    /** The settings the shared server runs with, for tests that start a server of their own like it. */
    public static Map<String, String> settingsUsed() {
        return SETTINGS;
    }

    /** A port for a test that starts a server of its own; {@code slot} 1 to 9 keeps test servers apart. */
    public static int ownServerPort(int slot) {
        return HTTP_PORT + 100 * slot;
    }
}
