package io.jacos.transport.http.admin;

import io.jacos.infrastructure.DatabaseUrls;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The effective settings as the server page shows them: every setting the code declares, with its configured
 * value or else its default, plus every other configured property under the server's own prefixes; values of
 * names that look secret are masked, and so are the credentials in a database URL (a setting {@code db.url*} or any
 * value starting {@code jdbc:}): its user info ({@code user:password@}) and parameters named like a secret
 * ({@code ?password=}, {@code ;password=}). Pure, so the masking is tested without a server.
 */
final class SettingsView {

    static final String MASK = "******";
    /**
     * Names that hold a secret, by their last part (an index such as {@code .0} aside): a password, secret, token,
     * credential or key ({@code db.password.0}, {@code ...token.secret.key}, {@code jacos.tls.keystore-password}).
     * Only the last part, so that {@code jacos.limit.max-keys} or {@code ...token.expire.seconds} stay readable.
     */
    private static final Pattern SECRET = Pattern.compile(
            "(?:^|[.\\-])(?:password|secret|token|credentials?|key|(?<![-])keys)(?:\\.\\d+)*$",
            Pattern.CASE_INSENSITIVE);
    /** Configured properties that concern this server; the JVM's and the app server's own are left out. */
    private static final Set<String> PREFIXES = Set.of("jacos.", "nacos.", "db.", "spring.sql.", "spring.datasource.",
            "server.");

    private SettingsView() {
    }

    /**
     * @param declared   each declared setting with its default ({@code null}: none)
     * @param configured every property name the configuration knows
     * @param lookup     a property's configured value
     * @return name → shown value, sorted by name; a declared setting neither configured nor defaulted is null
     */
    static Map<String, String> effective(Map<String, String> declared, Iterable<String> configured,
                                         Function<String, Optional<String>> lookup) {
        Map<String, String> shown = new TreeMap<>();
        declared.forEach((name, fallback) -> shown.put(name, shown(name, lookup.apply(name).orElse(fallback))));
        for (String name : configured) {
            if (!shown.containsKey(name) && PREFIXES.stream().anyMatch(name::startsWith)) {
                lookup.apply(name).ifPresent(value -> shown.put(name, shown(name, value)));
            }
        }
        return shown;
    }

    /**
     * The value as shown: masked when the name looks secret, whatever the value (even empty); a database URL with
     * its credentials masked.
     */
    static String shown(String name, String value) {
        if (SECRET.matcher(name).find()) {
            return MASK;
        }
        if (value != null && (name.startsWith("db.url") || value.strip().regionMatches(true, 0, "jdbc:", 0, 5))) {
            return maskedUrl(value);
        }
        return value;
    }

    static String maskedUrl(String url) {
        return DatabaseUrls.masked(url);
    }
}
