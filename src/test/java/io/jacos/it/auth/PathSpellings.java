package io.jacos.it.auth;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The other ways one request path can be written, as an attacker tries them to slip past a check made on the path:
 * a {@code ;x} parameter in each segment, {@code ;jsessionid=}, {@code %3B}, {@code %2F} for a slash, {@code ./},
 * {@code //}, {@code ..}, encoded dots, each segment in upper case, a letter of each segment %-encoded, and a
 * trailing slash.
 */
final class PathSpellings {

    private PathSpellings() {
    }

    /** @param path an absolute path, e.g. {@code /nacos/v1/ns/instance} */
    static List<String> of(String path) {
        String[] segments = path.substring(1).split("/");
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < segments.length; i++) {
            out.add(with(segments, i, segments[i] + ";x"));
            out.add(with(segments, i, segments[i] + "%3Bx"));
            out.add(with(segments, i, "./" + segments[i]));
            out.add(with(segments, i, "%2e/" + segments[i]));
            out.add(with(segments, i, "/" + segments[i]));
            out.add(with(segments, i, "zz/../" + segments[i]));
            out.add(with(segments, i, "zz/%2e%2e/" + segments[i]));
            out.add(with(segments, i, segments[i].toUpperCase(Locale.ROOT)));
            out.add(with(segments, i, encodeFirstLetter(segments[i], false)));
            out.add(with(segments, i, encodeFirstLetter(segments[i], true)));
            if (i + 1 < segments.length) {
                out.add(joined(segments, i));
            }
        }
        out.add(path + ";jsessionid=0123456789ABCDEF");
        out.add(path + "/");
        out.add(path + "/.");
        out.remove(path);
        return new ArrayList<>(out);
    }

    private static String with(String[] segments, int index, String replacement) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            out.append('/').append(i == index ? replacement : segments[i]);
        }
        return out.toString();
    }

    private static String joined(String[] segments, int index) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            out.append(i == index + 1 ? "%2F" : "/").append(segments[i]);
        }
        return out.toString();
    }

    private static String encodeFirstLetter(String segment, boolean upperHex) {
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (Character.isLetter(c) && c < 128) {
                String hex = String.format(upperHex ? "%%%02X" : "%%%02x", (int) c);
                return segment.substring(0, i) + hex + segment.substring(i + 1);
            }
        }
        return segment;
    }
}
