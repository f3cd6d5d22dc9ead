package io.jacos.application.archive;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the one YAML shape {@link MetadataYaml} describes: {@code metadata:} then a block sequence of flat
 * mappings from keys to scalars. Plain scalars may fold over deeper-indented lines; quoted ones over any lines,
 * with YAML's folding (one line break a space, each empty line a line break) and, double-quoted, its escapes.
 */
final class YamlSubset {

    private final String[] lines;
    private int at;

    YamlSubset(String text) {
        String body = text.startsWith("\ufeff") ? text.substring(1) : text;
        String[] split = body.split("\r\n|\r|\n", -1);
        // The line break that ends the last line starts no line of its own.
        this.lines = split.length > 1 && split[split.length - 1].isEmpty()
                ? java.util.Arrays.copyOf(split, split.length - 1) : split;
    }

    List<Map<String, String>> read(int maxItems) {
        skipIgnorable();
        if (at < lines.length && lines[at].equals("---")) {
            at++;
            skipIgnorable();
        }
        if (at >= lines.length) {
            throw MetadataYaml.illegal("it is empty.");
        }
        String root = withoutComment(lines[at]).stripTrailing();
        if (root.matches(MetadataYaml.ROOT + ":\\s*\\[\\s*]")) {
            at++;
            expectEnd();
            return List.of();
        }
        if (!root.equals(MetadataYaml.ROOT + ":")) {
            throw MetadataYaml.illegal("it must begin with 'metadata:' (line " + (at + 1) + ").");
        }
        at++;
        List<Map<String, String>> items = new ArrayList<>();
        int dashIndent = -1;
        while (true) {
            skipIgnorable();
            if (at >= lines.length || lines[at].equals("...")) {
                break;
            }
            int indent = indentOf(lines[at]);
            if (dashIndent < 0) {
                dashIndent = indent;
            }
            if (indent != dashIndent || !lines[at].startsWith("- ", indent)) {
                throw MetadataYaml.illegal("line " + (at + 1) + " is not an item '- key: value' of 'metadata'.");
            }
            if (items.size() == maxItems) {
                throw MetadataYaml.illegal("it describes more than " + maxItems + " configurations.");
            }
            items.add(item(indent + 2 + indentOf(lines[at].substring(indent + 2))));
        }
        expectEnd();
        return items;
    }

    /** The mapping whose first key starts at {@code column} of the current line. */
    private Map<String, String> item(int column) {
        Map<String, String> map = new LinkedHashMap<>();
        boolean first = true;
        while (true) {
            if (!first) {
                skipIgnorable();
                if (at >= lines.length || lines[at].equals("...") || indentOf(lines[at]) != column) {
                    return map;
                }
            }
            first = false;
            String line = lines[at];
            int colon = line.indexOf(':', column);
            if (colon <= column || (colon + 1 < line.length() && line.charAt(colon + 1) != ' ')) {
                throw MetadataYaml.illegal("line " + (at + 1) + " is not 'key: value'.");
            }
            String key = line.substring(column, colon);
            if (!key.matches("[A-Za-z][A-Za-z0-9_]*")) {
                throw MetadataYaml.illegal("line " + (at + 1) + " has a key that is not a simple word.");
            }
            if (map.containsKey(key)) {
                throw MetadataYaml.illegal("line " + (at + 1) + " repeats the key '" + key + "'.");
            }
            map.put(key, value(colon + 1, column));
        }
    }

    /** The scalar that starts at {@code from} of the current line; leaves {@link #at} on the line after it. */
    private String value(int from, int keyColumn) {
        String rest = lines[at].substring(from).stripLeading();
        int start = lines[at].length() - rest.length();
        if (rest.startsWith("\"") || rest.startsWith("'")) {
            return new QuotedScalar(lines, at, start).read(this::moveTo);
        }
        if (rest.startsWith("|")) {
            return LiteralBlock.read(lines, at, rest, keyColumn, this::moveTo);
        }
        if (!rest.isEmpty() && ">[]{}&*!%@`,?-#".indexOf(rest.charAt(0)) >= 0
                && !(rest.charAt(0) == '-' && rest.length() > 1 && rest.charAt(1) != ' ')) {
            throw MetadataYaml.illegal("line " + (at + 1) + " holds YAML this server does not read ("
                    + rest.charAt(0) + "): write each value as a plain or quoted scalar.");
        }
        StringBuilder out = new StringBuilder(withoutComment(rest).strip());
        at++;
        int blanks = 0;
        int next = at;
        while (next < lines.length && (lines[next].isBlank() || indentOf(lines[next]) > keyColumn)) {
            if (lines[next].isBlank()) {
                blanks++;
            } else {
                String more = withoutComment(lines[next]).strip();
                if (out.isEmpty() || more.contains(": ") || more.endsWith(":") || more.startsWith("- ")) {
                    throw MetadataYaml.illegal("line " + (next + 1) + " nests a value under a key.");
                }
                out.append(blanks == 0 ? " " : "\n".repeat(blanks)).append(more);
                blanks = 0;
                at = next + 1;
            }
            next++;
        }
        return out.toString();
    }

    private void moveTo(int line) {
        at = line;
    }

    private void skipIgnorable() {
        while (at < lines.length && (lines[at].isBlank() || lines[at].stripLeading().startsWith("#"))) {
            at++;
        }
    }

    private void expectEnd() {
        if (at < lines.length && lines[at].equals("...")) {
            at++;
        }
        skipIgnorable();
        if (at < lines.length) {
            throw MetadataYaml.illegal("line " + (at + 1) + " is outside the 'metadata' sequence.");
        }
    }

    static int indentOf(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        if (i < line.length() && line.charAt(i) == '\t') {
            throw MetadataYaml.illegal("a line is indented with a tab.");
        }
        return i;
    }

    /** A plain scalar ends before " #", where a comment begins. */
    static String withoutComment(String text) {
        int hash = text.startsWith("#") ? 0 : text.indexOf(" #");
        return hash < 0 ? text : text.substring(0, hash);
    }
}
