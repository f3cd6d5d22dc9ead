package io.jacos.health;

import io.jacos.model.HealthCheck;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of an HTTP health check and the reading of its answer. The request is a GET of the cluster's path
 * with {@code Host}, {@code Connection: close} and the cluster's headers ({@code k1:v1|k2:v2}, as Nacos stores
 * them); of the answer only the status line is read. Text with a line break is left out rather than sent, so a
 * cluster setting can never add lines of its own to the request.
 */
final class HttpProbeRequest {

    private HttpProbeRequest() {
    }

    static ByteBuffer of(String host, int port, HealthCheck check) {
        StringBuilder request = new StringBuilder(128)
                .append("GET ").append(path(check.path())).append(" HTTP/1.1\r\n");
        boolean hostGiven = false;
        for (String header : check.headers().split("\\|")) {
            int colon = header.indexOf(':');
            String name = colon > 0 ? header.substring(0, colon).trim() : "";
            String value = colon > 0 ? header.substring(colon + 1).trim() : "";
            if (name.isEmpty() || hasLineBreak(name) || hasLineBreak(value) || name.equalsIgnoreCase("Connection")) {
                continue;
            }
            hostGiven |= name.equalsIgnoreCase("Host");
            request.append(name).append(": ").append(value).append("\r\n");
        }
        if (!hostGiven) {
            String shown = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
            request.append("Host: ").append(shown).append(':').append(port).append("\r\n");
        }
        request.append("Connection: close\r\n\r\n");
        return ByteBuffer.wrap(request.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String path(String path) {
        if (hasLineBreak(path)) {
            return "/";
        }
        String encoded = path.replace(" ", "%20");
        return encoded.startsWith("/") ? encoded : "/" + encoded;
    }

    private static boolean hasLineBreak(String text) {
        return text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0;
    }

    /**
     * The status code of the status line in {@code received} (bytes 0 to its position): -1 while the line is
     * incomplete, 0 when it is no HTTP status line.
     */
    static int status(ByteBuffer received) {
        int end = -1;
        for (int i = 0; i < received.position(); i++) {
            if (received.get(i) == '\n') {
                end = i;
                break;
            }
        }
        if (end < 0) {
            return -1;
        }
        String line = new String(received.array(), 0, end, StandardCharsets.ISO_8859_1).trim();
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/") || !parts[1].matches("[1-5][0-9][0-9]")) {
            return 0;
        }
        return Integer.parseInt(parts[1]);
    }
}
