package io.jacos.transport.http.access;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where a request carries its credentials: the {@code accessToken} header, {@code Authorization: Bearer}, or the
 * {@code accessToken} parameter (query or form, from the parsed request); and, for Prometheus, which can only send
 * fixed credentials, {@code Authorization: Basic} with a user's name and password, as Nacos accepts there.
 */
final class RequestCredentials {

    static final String TOKEN = "accessToken";
    private static final String BEARER = "bearer ";
    private static final String BASIC = "basic ";

    record Basic(String username, String password) {
    }

    private RequestCredentials() {
    }

    /** The token of the headers, first found wins. @param header a header by name, or null */
    static Optional<String> headerToken(UnaryOperator<String> header) {
        String token = header.apply(TOKEN);
        if (token != null && !token.isBlank()) {
            return Optional.of(token.strip());
        }
        String authorization = header.apply("Authorization");
        if (authorization != null && authorization.length() > BEARER.length()
                && authorization.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
            return Optional.of(authorization.substring(BEARER.length()).strip());
        }
        return Optional.empty();
    }

    static Optional<Basic> basic(String authorization) {
        if (authorization == null || authorization.length() <= BASIC.length()
                || !authorization.substring(0, BASIC.length()).toLowerCase(Locale.ROOT).equals(BASIC)) {
            return Optional.empty();
        }
        try {
            String pair = new String(Base64.getDecoder().decode(authorization.substring(BASIC.length()).strip()),
                    StandardCharsets.UTF_8);
            int colon = pair.indexOf(':');
            return colon < 0 ? Optional.empty()
                    : Optional.of(new Basic(pair.substring(0, colon), pair.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
