package io.jacos.it.fuzz;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What must never reach a client: stack traces, Java class or package names, source files, file-system paths,
 * the container's HTML error pages, and a token the server signed (its JWT header is the same in every one). The
 * fuzz generators never put these words in their input (a token only where a token goes), so finding one in an
 * answer means the server leaked it.
 */
final class Leaks {

    private static final List<String> MARKERS = List.of("java.", "javax.", "jakarta.", "io.jacos", "exception",
            ".java:", "\tat ", "com.fasterxml", "org.glassfish", "fish.payara", "com.google", "io.grpc", "sun.",
            "<html", "<!doctype", "streamreadconstraints", "jackson", "hibernate", "weld", "caused by",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.".toLowerCase(Locale.ROOT));
    private static final List<String> PATH_MARKERS = List.of("/work/", "/tmp/", "/home/", "/root/", "/usr/",
            "target/", ".jar");
    /** A backtick-quoted dotted identifier, as Jackson writes type names in its messages. */
    private static final Pattern QUOTED_TYPE = Pattern.compile("`[A-Za-z_$][\\w$]*(\\.[\\w$]+)+");

    private Leaks() {
    }

    /** The first leak in the text, if any. */
    static Optional<String> find(String text) {
        return find(text, false);
    }

    /**
     * The same, but file-system paths allowed: for the one answer that shows them on purpose, the server page's
     * settings for an admin (where the server keeps its data, {@code nacos.home}).
     */
    static Optional<String> find(String text, boolean pathsShown) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (String marker : pathsShown ? MARKERS : concat(MARKERS, PATH_MARKERS)) {
            int at = lower.indexOf(marker);
            if (at >= 0) {
                return Optional.of("'" + marker + "' in: " + excerpt(text, at));
            }
        }
        var matcher = QUOTED_TYPE.matcher(text);
        if (matcher.find()) {
            return Optional.of("a quoted type name in: " + excerpt(text, matcher.start()));
        }
        return Optional.empty();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String excerpt(String text, int at) {
        int from = Math.max(0, at - 80);
        int to = Math.min(text.length(), at + 120);
        return text.substring(from, to).replace('\n', ' ');
    }
}
