package io.jacos.docs;

import io.jacos.settings.SettingsCatalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The settings the server's code reads: those of {@link SettingsCatalog}, as the server page lists them, and the
 * rest found in the sources: each MicroProfile Config injection
 * ({@code @ConfigProperty(name = ..., defaultValue = ...)}, the name as a literal, a constant of the same file or {@code Type.CONSTANT} of another) and each programmatic
 * read through a {@code text("...")}, {@code required("...")}, {@code number("...", default)} or {@code apply("...")} helper or a
 * {@code getOptionalValue} of a constant, and families read by prefix (a {@code ..._PREFIX} constant, listed as
 * {@code prefix.*}). The value is the default the code gives, or empty when it gives none (or
 * computes one).
 */
final class CodeSettings {

    private static final Pattern INJECTED = Pattern.compile(
            "@ConfigProperty\\(\\s*name\\s*=\\s*(\"[^\"]+\"|(?:[A-Z]\\w*\\.)?[A-Z_]+)\\s*(?:,\\s*defaultValue\\s*=\\s*\"([^\"]*)\")?\\s*\\)");
    private static final Pattern READ = Pattern.compile(
            "\\b(?:text|number|required|apply)\\(\\s*\"((?:jacos|nacos|db|spring|server)\\.[A-Za-z0-9.\\-]+)\"\\s*(?:,\\s*([0-9_]+)\\s*)?\\)");
    private static final Pattern READ_CONSTANT = Pattern.compile("getOptionalValue\\(\\s*([A-Z_]+)\\s*,");
    /** A family of settings read by prefix ({@code db.pool.config.*}). */
    private static final Pattern PREFIX = Pattern.compile(
            "static final String [A-Z_]*PREFIX = \"((?:jacos|nacos|db|spring|server)\\.[A-Za-z0-9.\\-]+\\.)\"");
    private static final Pattern CONSTANT = Pattern.compile(
            "static final String ([A-Z_]+) = \"((?:jacos|nacos|db|spring|server)\\.[A-Za-z0-9.\\-]+)\"");
    /** A setting named in its environment-variable form ({@code SERVER_ADDRESS} for {@code server.address}). */
    private static final Pattern VARIABLE_CONSTANT = Pattern.compile(
            "static final String ([A-Z_]+) = \"((?:JACOS|NACOS|DB|SPRING|SERVER)_[A-Z0-9_]+)\"");

    private CodeSettings() {
    }

    /** Setting name to the code's default (empty: none given, or computed). */
    static Map<String, Optional<String>> read(Path sources) {
        Map<String, Optional<String>> settings = new TreeMap<>();
        Map<Path, String> sourcesByFile = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(file -> sourcesByFile.put(file, contents(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> qualified = new HashMap<>();
        sourcesByFile.forEach((file, source) -> {
            String type = file.getFileName().toString().replace(".java", "");
            Matcher constant = CONSTANT.matcher(source);
            while (constant.find()) {
                qualified.put(type + "." + constant.group(1), constant.group(2));
            }
            Matcher variable = VARIABLE_CONSTANT.matcher(source);
            while (variable.find()) {
                qualified.put(type + "." + variable.group(1), variable.group(2).toLowerCase(Locale.ROOT).replace('_', '.'));
            }
        });
        sourcesByFile.values().forEach(source -> scan(source, qualified, settings));
        SettingsCatalog.all().forEach(setting -> settings.merge(setting.name(),
                Optional.ofNullable(setting.defaultValue()), CodeSettings::either));
        return settings;
    }

    /** @param qualified every file's setting-name constants, as {@code Type.NAME} */
    private static void scan(String source, Map<String, String> qualified, Map<String, Optional<String>> settings) {
        Map<String, String> constants = new HashMap<>(qualified);
        Matcher constant = CONSTANT.matcher(source);
        while (constant.find()) {
            constants.put(constant.group(1), constant.group(2));
        }
        Matcher prefix = PREFIX.matcher(source);
        while (prefix.find()) {
            settings.put(prefix.group(1) + "*", Optional.empty());
        }
        Matcher injected = INJECTED.matcher(source);
        while (injected.find()) {
            String name = injected.group(1).startsWith("\"")
                    ? injected.group(1).substring(1, injected.group(1).length() - 1) : constants.get(injected.group(1));
            if (name == null) {
                throw new IllegalStateException("@ConfigProperty naming an unknown constant " + injected.group(1));
            }
            settings.merge(name, Optional.ofNullable(injected.group(2)), CodeSettings::either);
        }
        Matcher read = READ.matcher(source);
        while (read.find()) {
            settings.merge(read.group(1), Optional.ofNullable(read.group(2)).map(n -> n.replace("_", "")),
                    CodeSettings::either);
        }
        Matcher readConstant = READ_CONSTANT.matcher(source);
        while (readConstant.find()) {
            String name = constants.get(readConstant.group(1));
            if (name != null) {
                settings.merge(name, Optional.empty(), CodeSettings::either);
            }
        }
    }

    /** A setting read in two places keeps the default one of them gives. */
    private static Optional<String> either(Optional<String> a, Optional<String> b) {
        return a.isPresent() ? a : b;
    }

    private static String contents(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
