package io.jacos.application.archive;

import java.util.function.IntConsumer;

/**
 * A single- or double-quoted YAML scalar, possibly over several lines: {@code ''} is a quote in single quotes;
 * double quotes take YAML's escapes, a backslash at a line's end joins the next line without a space. Line breaks
 * fold as YAML folds them, and the text after the closing quote may only be a comment.
 */
final class QuotedScalar {

    private final String[] lines;
    private int line;
    private int pos;
    private final char quote;
    private final StringBuilder out = new StringBuilder();
    /** Up to here the text is kept whatever follows: an escaped character is never trimmed as white space. */
    private int kept;

    QuotedScalar(String[] lines, int line, int start) {
        this.lines = lines;
        this.line = line;
        this.pos = start + 1;
        this.quote = lines[line].charAt(start);
    }

    /** The scalar's text; tells {@code nextLine} the line after the one it ends on. */
    String read(IntConsumer nextLine) {
        while (true) {
            String text = lines[line];
            boolean joined = false;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == quote && quote == '\'' && pos + 1 < text.length() && text.charAt(pos + 1) == '\'') {
                    out.append('\'');
                    kept = out.length();
                    pos += 2;
                } else if (c == quote) {
                    String after = text.substring(pos + 1).strip();
                    if (!after.isEmpty() && !after.startsWith("#")) {
                        throw MetadataYaml.illegal("line " + (line + 1) + " goes on after a quoted value.");
                    }
                    nextLine.accept(line + 1);
                    return out.toString();
                } else if (c == '\\' && quote == '"') {
                    if (pos + 1 == text.length()) {
                        joined = true;
                        pos++;
                    } else {
                        escape(text);
                    }
                } else {
                    out.append(c);
                    pos++;
                }
            }
            fold(joined);
        }
    }

    private void fold(boolean joined) {
        if (!joined) {
            int end = out.length();
            while (end > kept && (out.charAt(end - 1) == ' ' || out.charAt(end - 1) == '\t')) {
                end--;
            }
            out.setLength(end);
        }
        int blanks = 0;
        do {
            line++;
            if (line >= lines.length) {
                throw MetadataYaml.illegal("a quoted value is never closed.");
            }
        } while (lines[line].isBlank() && ++blanks > 0);
        out.append(blanks > 0 ? "\n".repeat(blanks) : joined ? "" : " ");
        kept = out.length();
        pos = 0;
        while (pos < lines[line].length() && (lines[line].charAt(pos) == ' ' || lines[line].charAt(pos) == '\t')) {
            pos++;
        }
    }

    private void escape(String text) {
        char e = text.charAt(pos + 1);
        pos += 2;
        switch (e) {
            case '0' -> out.append('\0');
            case 'a' -> out.append('\u0007');
            case 'b' -> out.append('\b');
            case 't', '\t' -> out.append('\t');
            case 'n' -> out.append('\n');
            case 'v' -> out.append('\u000b');
            case 'f' -> out.append('\f');
            case 'r' -> out.append('\r');
            case 'e' -> out.append('\u001b');
            case ' ' -> out.append(' ');
            case '"' -> out.append('"');
            case '/' -> out.append('/');
            case '\\' -> out.append('\\');
            case 'N' -> out.append('\u0085');
            case '_' -> out.append('\u00a0');
            case 'L' -> out.append('\u2028');
            case 'P' -> out.append('\u2029');
            case 'x' -> hex(text, 2);
            case 'u' -> hex(text, 4);
            case 'U' -> hex(text, 8);
            default -> throw MetadataYaml.illegal("line " + (line + 1) + " has an unknown escape '\\" + e + "'.");
        }
        kept = out.length();
    }

    private void hex(String text, int digits) {
        if (pos + digits > text.length()) {
            throw MetadataYaml.illegal("line " + (line + 1) + " has a short escape.");
        }
        try {
            int code = Integer.parseInt(text.substring(pos, pos + digits), 16);
            out.appendCodePoint(code);
        } catch (IllegalArgumentException ex) {
            throw MetadataYaml.illegal("line " + (line + 1) + " has a bad escape.");
        }
        pos += digits;
    }
}
