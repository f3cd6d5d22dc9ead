package io.jacos.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The settings reference ({@code docs/settings.md}) lists exactly the settings the code reads, each with the default
 * the code gives it: a setting added without a line there, a line for a setting nothing reads, or a default changed
 * on one side only fails the build.
 */
class SettingsReferenceTest {

    static final Path REFERENCE = Path.of("docs/settings.md");
    static final Path DISTRIBUTION_FILE = Path.of("src/main/dist/conf/application.properties");
    private static final Pattern LINE = Pattern.compile("(?m)^#([a-z][a-zA-Z0-9.\\-]*)=(.*)$");
    private static final Pattern ROW = Pattern.compile("(?m)^\\|\\s*`([a-zA-Z][^`]*)`\\s*\\|\\s*([^|]*?)\\s*\\|");

    /** Setting name to the default column's text, without backticks. */
    static Map<String, String> documented(Path reference) throws IOException {
        Map<String, String> rows = new TreeMap<>();
        Matcher row = ROW.matcher(Files.readString(reference));
        while (row.find()) {
            rows.put(row.group(1), row.group(2).replace("`", "").trim());
        }
        return rows;
    }

    @Test
    void everySettingTheCodeReadsIsDocumentedWithItsDefault() throws IOException {
        Map<String, Optional<String>> code = CodeSettings.read(Path.of("src/main/java"));
        Map<String, String> docs = documented(REFERENCE);
        assertTrue(code.size() > 100, "settings found in the code: " + code.size());
        List<String> problems = new ArrayList<>();
        code.forEach((name, codeDefault) -> {
            if (!docs.containsKey(name)) {
                problems.add(name + ": read by the code, not in " + REFERENCE);
            } else if (codeDefault.isPresent() && !codeDefault.get().equals(docs.get(name))) {
                problems.add(name + ": the code's default is '" + codeDefault.get() + "', the reference says '"
                        + docs.get(name) + "'");
            }
        });
        docs.keySet().stream().filter(name -> !code.containsKey(name))
                .forEach(name -> problems.add(name + ": in " + REFERENCE + ", read by nothing in the code"));
        assertEquals(List.of(), problems);
    }

    /** The distribution's {@code conf/application.properties} lists the same settings, with the code's defaults. */
    @Test
    void theDistributionsFileListsEverySettingWithItsDefault() throws IOException {
        Map<String, Optional<String>> code = CodeSettings.read(Path.of("src/main/java"));
        Map<String, String> file = new TreeMap<>();
        Matcher line = LINE.matcher(Files.readString(DISTRIBUTION_FILE));
        while (line.find()) {
            file.put(line.group(1), line.group(2).trim());
        }
        List<String> problems = new ArrayList<>();
        code.forEach((name, codeDefault) -> {
            if (name.endsWith("*")) {
                String prefix = name.substring(0, name.length() - 1);
                if (file.keySet().stream().noneMatch(listed -> listed.startsWith(prefix))) {
                    problems.add(name + ": read by the code, no line in " + DISTRIBUTION_FILE);
                }
            } else if (!file.containsKey(name)) {
                problems.add(name + ": read by the code, no line in " + DISTRIBUTION_FILE);
            } else if (codeDefault.isPresent() && !codeDefault.get().equals(file.get(name))) {
                problems.add(name + ": the code's default is '" + codeDefault.get() + "', the file says '"
                        + file.get(name) + "'");
            }
        });
        file.keySet().stream().filter(name -> !code.containsKey(name) && code.keySet().stream()
                        .noneMatch(known -> known.endsWith("*") && name.startsWith(known.substring(0, known.length() - 1))))
                .forEach(name -> problems.add(name + ": in " + DISTRIBUTION_FILE + ", read by nothing in the code"));
        assertEquals(List.of(), problems);
    }
}
