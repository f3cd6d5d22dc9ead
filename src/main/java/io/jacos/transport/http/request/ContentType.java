package io.jacos.transport.http.request;

import java.util.Locale;

/**
 * A {@code Content-Type} header read without the JAX-RS runtime, so no header, however malformed, can make the
 * reading throw: the media type in lower case ({@code application/x-www-form-urlencoded}) and the {@code charset}
 * parameter as written (null when absent).
 */
record ContentType(String mediaType, String charset) {

    static final ContentType NONE = new ContentType("", null);

    static ContentType parse(String header) {
        if (header == null || header.isBlank()) {
            return NONE;
        }
        String[] parts = header.split(";", -1);
        String charset = null;
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            int eq = parameter.indexOf('=');
            if (eq > 0 && parameter.substring(0, eq).trim().equalsIgnoreCase("charset")) {
                charset = unquote(parameter.substring(eq + 1).trim());
            }
        }
        return new ContentType(parts[0].trim().toLowerCase(Locale.ROOT), charset);
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }
}
