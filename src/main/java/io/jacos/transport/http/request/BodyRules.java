package io.jacos.transport.http.request;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * What body a method takes and how it is decoded. A form method ({@code application/x-www-form-urlencoded}, what
 * every Nacos client sends) takes UTF-8, US-ASCII or ISO-8859-1; a JSON method ({@code application/json}, the
 * admin API) takes UTF-8 only. A body in another media type or charset is refused with 415, a charset no JVM knows
 * with 400. The decisions are made on the header alone, before a byte of the body is decoded.
 */
final class BodyRules {

    enum Kind {
        FORM("application/x-www-form-urlencoded",
                Set.of(StandardCharsets.UTF_8, StandardCharsets.US_ASCII, StandardCharsets.ISO_8859_1)),
        JSON("application/json", Set.of(StandardCharsets.UTF_8, StandardCharsets.US_ASCII));

        private final String mediaType;
        private final Set<Charset> charsets;

        Kind(String mediaType, Set<Charset> charsets) {
            this.mediaType = mediaType;
            this.charsets = charsets;
        }
    }

    private BodyRules() {
    }

    /** The charset to decode a (non-empty) body of this content type with. @throws HttpRefusal 400 or 415 */
    static Charset charset(Kind kind, ContentType type) {
        if (!kind.mediaType.equals(type.mediaType())) {
            throw new HttpRefusal(415, "A request body here must be " + kind.mediaType + ", not '"
                    + shown(type.mediaType()) + "'.");
        }
        if (type.charset() == null) {
            return StandardCharsets.UTF_8;
        }
        Charset charset;
        try {
            charset = Charset.forName(type.charset());
        } catch (IllegalCharsetNameException | java.nio.charset.UnsupportedCharsetException e) {
            throw new HttpRefusal(400, "Unknown charset '" + shown(type.charset()) + "'.");
        }
        if (!kind.charsets.contains(charset)) {
            throw new HttpRefusal(415, "A request body here must be UTF-8" + (kind == Kind.FORM
                    ? ", US-ASCII or ISO-8859-1" : "") + ", not " + charset.name() + ".");
        }
        return charset;
    }

    /** @throws HttpRefusal 413 when a body of {@code length} bytes (-1: unknown) is larger than the limit */
    static void checkLength(long length, int maxBytes, String setting) {
        if (length > maxBytes) {
            throw tooLarge(maxBytes, setting);
        }
    }

    static HttpRefusal tooLarge(int maxBytes, String setting) {
        return new HttpRefusal(413, "The request body is larger than " + maxBytes + " bytes (" + setting + ").");
    }

    private static String shown(String text) {
        String cut = text.length() <= 60 ? text : text.substring(0, 57) + "...";
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
