package io.jacos.it.support;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.HashMap;
import java.util.Map;

/**
 * One server with auth on, for every test class in this JVM that tests auth against a running server. Started
 * by the first class that asks for it with {@link #ADMIN_PASSWORD} as the initial password of user {@code nacos},
 * and stopped when the JVM's tests end. Each test class creates the users and grants it needs under names of its
 * own, so classes do not see each other's users.
 */
public final class SharedAuthServer implements BeforeAllCallback {

    public static final int HTTP_PORT = SharedServer.HTTP_PORT + 5000;
    public static final String ADMIN_USER = "nacos";
    public static final String ADMIN_PASSWORD = "it-Admin-Pass-7391";

    private static final Map<String, String> SETTINGS = settings();

    private static Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>(SharedServer.settingsUsed());
        settings.put("nacos.core.auth.enabled", "true");
        settings.put("nacos.core.auth.admin.password", ADMIN_PASSWORD);
        // Every test logs in from 127.0.0.1, and a client with a wrong password retries its login in the background:
        // the default throttle (10 failures a minute per address) would refuse the next class's right password.
        // The throttle itself is tested with a fake clock (LoginAndBootstrapTest).
        settings.put("jacos.auth.login.max-failures", "1000");
        return Map.copyOf(settings);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server(context);
    }

    public static JacosServer server(ExtensionContext context) {
        return SharedServer.shared(context, "auth", HTTP_PORT, SETTINGS);
    }

    public static String serverAddr() {
        return "127.0.0.1:" + HTTP_PORT;
    }

    /** The settings the auth server runs with, for a test that starts one of its own like it. */
    public static Map<String, String> settingsUsed() {
        return SETTINGS;
    }
}
