package io.jacos.transport.http.auth;

import java.util.Locale;

/**
 * What an HTTP request needs, decided from its method and path (relative to the context root) alone: the one
 * place that maps the open APIs to {@link Need}s. Reads (GET) need READ in the request's namespace, everything else
 * WRITE there; server-wide switches and cluster operations need a global admin; server status reads need only a
 * valid token; health and readiness need nothing.
 */
final class HttpAccessRule {

    enum Need {
        /** Open: health, readiness, server state. */
        NONE,
        /** Any valid token. */
        IDENTITY,
        READ,
        WRITE,
        ADMIN,
        /** Prometheus service discovery: READ in the namespace of the path, or in every namespace ({@code *}). */
        PROMETHEUS
    }

    private HttpAccessRule() {
    }

    static Need need(String method, String path) {
        boolean read = "GET".equalsIgnoreCase(method) || "HEAD".equalsIgnoreCase(method);
        String p = path.toLowerCase(Locale.ROOT);
        if (p.startsWith("/prometheus")) {
            return Need.PROMETHEUS;
        }
        if (p.startsWith("/v1/console/health") || p.startsWith("/v1/console/server")) {
            return Need.NONE;
        }
        if (p.startsWith("/v1/ns/operator") || p.startsWith("/v1/ns/raft") || p.startsWith("/v1/ns/distro")
                || p.startsWith("/v1/core/") || p.startsWith("/v1/console/")) {
            return read ? Need.IDENTITY : Need.ADMIN;
        }
        if (p.startsWith("/v1/ns/") || p.startsWith("/v2/ns/")) {
            return read ? Need.READ : Need.WRITE;
        }
        return Need.NONE;
    }

    /** The namespace of a Prometheus SD path ({@code /prometheus/namespaceId/{ns}...}), or {@code *} for all. */
    static String prometheusNamespace(String path) {
        String marker = "/namespaceId/";
        int at = path.indexOf(marker);
        if (at < 0) {
            return "*";
        }
        String rest = path.substring(at + marker.length());
        int slash = rest.indexOf('/');
        return java.net.URLDecoder.decode(slash < 0 ? rest : rest.substring(0, slash),
                java.nio.charset.StandardCharsets.UTF_8);
    }
}
