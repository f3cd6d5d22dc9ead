package io.jacos.transport.http.admin.access;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Where an admin API call carries its token: {@code Authorization: Bearer <token>} (the console), an
 * {@code accessToken} header, or an {@code accessToken} query parameter (as the Nacos clients and tools send it),
 * first found wins. The query string is read here rather than through the request's parameters, which would read a
 * form body the resource may still need.
 */
public final class AccessTokens {

    public static final String PARAM = "accessToken";
    private static final String BEARER = "bearer ";

    private AccessTokens() {
    }

    /** The token, or null when the request carries none. */
    public static String of(String authorization, String accessTokenHeader, String rawQuery) {
        if (authorization != null && authorization.length() > BEARER.length()
                && authorization.substring(0, BEARER.length()).toLowerCase(Locale.ROOT).equals(BEARER)) {
            return authorization.substring(BEARER.length()).trim();
        }
        if (accessTokenHeader != null && !accessTokenHeader.isBlank()) {
            return accessTokenHeader.trim();
        }
        return queryParam(rawQuery, PARAM);
    }

    /** The first value of a parameter in a raw query string, decoded, or null. */
    public static String queryParam(String rawQuery, String name) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (decode(key).equals(name)) {
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                return value.isBlank() ? null : value;
            }
        }
        return null;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text; // a malformed escape: taken as it is, so it names no parameter and no valid token
        }
    }
}
