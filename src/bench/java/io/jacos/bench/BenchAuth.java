package io.jacos.bench;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Auth on for every server of a run ({@code -Dbench.auth=true}): each server starts with its own default auth on and
 * the admin user {@code nacos} given {@link #password()}, and every client logs in as it (the gRPC clients through
 * nacos-client's login, the 1.x HTTP calls with the {@code accessToken} a 1.4.6 client sends).
 */
record BenchAuth(String username, String password) {

    static final String USER = "nacos";

    /** The run's auth, or null when auth is off. */
    static BenchAuth fromSystemProperties() {
        return Boolean.getBoolean("bench.auth")
                ? new BenchAuth(USER, System.getProperty("bench.auth.password", "bench-Admin-Pass-2951")) : null;
    }

    /** What a Jacos server needs: auth on, the admin's first password, no login throttle for one busy address. */
    Map<String, String> jacosSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("nacos.core.auth.enabled", "true");
        settings.put("nacos.core.auth.admin.password", password);
        settings.put("jacos.auth.login.max-failures", "100000");
        return settings;
    }

    /** What a Nacos 2.5.1 server needs for its default auth plugin: a token key and a server identity. */
    static Map<String, String> nacosSettings() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("nacos.core.auth.enabled", "true");
        settings.put("nacos.core.auth.plugin.nacos.token.secret.key", Base64.getEncoder().encodeToString(key));
        settings.put("nacos.core.auth.server.identity.key", "bench-identity");
        settings.put("nacos.core.auth.server.identity.value", "bench-identity-value");
        return settings;
    }
}
