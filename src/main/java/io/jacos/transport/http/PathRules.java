package io.jacos.transport.http;

import java.util.Optional;

/**
 * Which request paths are served at all. A path is served only in its one plain spelling: no path parameters
 * ({@code ;x}, {@code ;jsessionid=}), no empty segment ({@code //}), no dot segment ({@code .} or {@code ..},
 * plain or encoded), no encoded separator or control character ({@code %2F}, {@code %3B}, {@code %5C}, {@code %00})
 * and no backslash, and every {@code %} escape well formed. Such a path is refused with 400 before anything reads
 * it, so no later decision can see it differently from the code that serves it. Encoded letters are decoded by the
 * container as usual and meet every check of the plain path.
 */
final class PathRules {

    private PathRules() {
    }

    /** Why the raw path (as received: still encoded, context root included) is refused, or empty to serve it. */
    static Optional<String> refusal(String rawPath) {
        if (rawPath.indexOf(';') >= 0) {
            return Optional.of("Path parameters (';') are not accepted.");
        }
        if (rawPath.indexOf('\\') >= 0) {
            return Optional.of("A backslash is not accepted in the path.");
        }
        if (rawPath.contains("//")) {
            return Optional.of("Empty path segments ('//') are not accepted.");
        }
        for (String segment : rawPath.split("/", -1)) {
            Optional<String> decoded = decode(segment);
            if (decoded.isEmpty()) {
                return Optional.of("The path is not URL-encoded.");
            }
            String text = decoded.get();
            if (text.equals(".") || text.equals("..")) {
                return Optional.of("Dot segments ('.', '..') are not accepted in the path.");
            }
            if (text.chars().anyMatch(c -> c == '/' || c == '\\' || c == ';' || c < 0x20 || c == 0x7f)) {
                return Optional.of("Encoded separators and control characters are not accepted in the path.");
            }
        }
        return Optional.empty();
    }

    /** The segment with its %-escapes decoded as bytes (only ASCII matters here); empty when one is malformed. */
    private static Optional<String> decode(String segment) {
        StringBuilder out = new StringBuilder(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (i + 2 >= segment.length() || hex(segment.charAt(i + 1)) < 0 || hex(segment.charAt(i + 2)) < 0) {
                return Optional.empty();
            }
            out.append((char) (hex(segment.charAt(i + 1)) * 16 + hex(segment.charAt(i + 2))));
            i += 2;
        }
        return Optional.of(out.toString());
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
