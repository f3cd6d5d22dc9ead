package io.jacos.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's compatibility matrix claims nothing a test does not show: every cell names the test classes that
 * cover it, each one exists and has tests, and a cell of a client version names only tests that run with that
 * version (1.4.6 under {@code it/client1}, 3.1.1 under {@code it/client3}, 2.5.1 the rest of {@code it/}).
 */
class CompatibilityMatrixTest {

    private static final Pattern EXTENDS = Pattern.compile("class \\w+ extends (\\w+)");
    private static final Pattern LINK = Pattern.compile("\\[([A-Za-z0-9]+)]\\(([^)]+)\\)");

    @Test
    void everyCellIsBackedByTestsOfItsClientVersion() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("## Compatibility");
        assertTrue(start >= 0, "README has no Compatibility section");
        String section = readme.substring(start, readme.indexOf("\n## ", start + 1));
        List<String> header = null;
        List<String> problems = new ArrayList<>();
        int cells = 0;
        for (String line : section.split("\n")) {
            if (!line.startsWith("|") || line.startsWith("|---")) {
                continue;
            }
            List<String> columns = List.of(line.substring(1, line.lastIndexOf('|')).split("\\|"));
            if (header == null || !line.contains("](")) {
                header = columns.stream().map(String::trim).toList();
                continue;
            }
            for (int i = 1; i < columns.size(); i++) {
                Matcher link = LINK.matcher(columns.get(i));
                while (link.find()) {
                    cells++;
                    Path test = Path.of(link.group(2));
                    String where = columns.get(0).trim() + " / " + header.get(i) + ": " + link.group(2);
                    if (!Files.exists(test) || !test.getFileName().toString().equals(link.group(1) + ".java")) {
                        problems.add(where + " does not name an existing test class");
                    } else if (!hasTests(test)) {
                        problems.add(where + " has no test");
                    } else if (!runsWith(header.get(i), link.group(2))) {
                        problems.add(where + " does not run with " + header.get(i));
                    }
                }
            }
        }
        assertTrue(cells > 20, "cells backed by tests: " + cells);
        assertEquals(List.of(), problems);
    }

    /** Whether the class declares tests, or extends a class beside it that does (the app servers share theirs). */
    private static boolean hasTests(Path test) throws IOException {
        String source = Files.readString(test);
        if (source.contains("@Test")) {
            return true;
        }
        Matcher parent = EXTENDS.matcher(source);
        return parent.find() && Files.exists(test.resolveSibling(parent.group(1) + ".java"))
                && hasTests(test.resolveSibling(parent.group(1) + ".java"));
    }

    /** Whether a test at this path runs with the client the column names (other columns: any test of it/). */
    private static boolean runsWith(String column, String path) {
        if (column.contains("1.4.6")) {
            return path.contains("/it/client1/");
        }
        if (column.contains("3.1.1")) {
            return path.contains("/it/client3/");
        }
        if (column.contains("2.5.1")) {
            return path.contains("/it/") && !path.contains("/it/client1/") && !path.contains("/it/client3/");
        }
        return path.contains("/it/");
    }
}
