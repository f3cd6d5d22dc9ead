package io.jacos.transport.http;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The health checks a cluster's persistent instances may be given, by type, each with its defaults, as Nacos's
 * {@code checkers} call lists them: {@code TCP} (a connection), {@code HTTP} (a GET answered with the expected
 * status) and {@code NONE} (health set by hand). Nacos's {@code MYSQL} check is not served.
 */
public final class HealthCheckerTypes {

    public static final Map<String, Map<String, Object>> ALL = all();

    private HealthCheckerTypes() {
    }

    private static Map<String, Map<String, Object>> all() {
        Map<String, Object> http = new LinkedHashMap<>();
        http.put("type", "HTTP");
        http.put("path", "");
        http.put("headers", "");
        http.put("expectedResponseCode", 200);
        Map<String, Map<String, Object>> all = new LinkedHashMap<>();
        all.put("TCP", Map.of("type", "TCP"));
        all.put("HTTP", Collections.unmodifiableMap(http));
        all.put("NONE", Map.of("type", "NONE"));
        return Collections.unmodifiableMap(all);
    }
}
