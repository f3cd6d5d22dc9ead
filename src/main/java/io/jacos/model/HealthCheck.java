package io.jacos.model;

import java.util.Objects;

/**
 * How the server checks the persistent instances of one cluster: a TCP connect (the default), an HTTP GET of
 * {@code path} answered with {@code expectedStatus}, or not at all. A time or threshold of 0 means "the
 * server's setting" ({@code jacos.health.*}), so a cluster overrides only what it names.
 */
public record HealthCheck(Type type, String path, String headers, int expectedStatus, long intervalMillis,
                          long timeoutMillis, int unhealthyThreshold, int healthyThreshold) {

    public enum Type { TCP, HTTP, NONE }

    public static final HealthCheck TCP = new HealthCheck(Type.TCP, "", "", 200, 0, 0, 0, 0);

    public HealthCheck {
        Objects.requireNonNull(type, "type");
        path = path == null || path.isEmpty() ? "/" : path;
        headers = headers == null ? "" : headers;
        expectedStatus = expectedStatus <= 0 ? 200 : expectedStatus;
    }
}
