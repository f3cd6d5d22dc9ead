package io.jacos.transport.http.auth;

import jakarta.servlet.http.HttpServletRequest;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a request carries its credentials: the {@code accessToken} header, {@code Authorization: Bearer}, or (read
 * by the caller from the query or form) the {@code accessToken} parameter; and, for Prometheus, which can only send
 * fixed credentials, {@code Authorization: Basic} with a user's name and password, as Nacos accepts there.
 */
final class RequestCredentials {

    static final String TOKEN = "accessToken";

    record Basic(String username, String password) {
    }

    private RequestCredentials() {
    }

    static Optional<String> headerToken(HttpServletRequest request) {
        String header = request.getHeader(TOKEN);
        if (header != null && !header.isBlank()) {
            return Optional.of(header.strip());
        }
        String authorization = request.getHeader("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.of(authorization.substring(7).strip());
        }
        return Optional.empty();
    }

    static Optional<Basic> basic(HttpServletRequest request) {
        String authorization = request.getHeader("Authorization");
        if (authorization == null || !authorization.toLowerCase(Locale.ROOT).startsWith("basic ")) {
            return Optional.empty();
        }
        try {
            String pair = new String(Base64.getDecoder().decode(authorization.substring(6).strip()),
                    StandardCharsets.UTF_8);
            int colon = pair.indexOf(':');
            return colon < 0 ? Optional.empty()
                    : Optional.of(new Basic(pair.substring(0, colon), pair.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
