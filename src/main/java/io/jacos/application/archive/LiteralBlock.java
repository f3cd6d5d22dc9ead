package io.jacos.application.archive;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A literal block scalar ({@code |}), which SnakeYAML writes for any value with a line break: the header may say
 * how to end it ({@code -} no final line break, {@code +} every trailing one, neither exactly one) and how far its
 * lines are indented beyond the key (a digit; otherwise the first non-empty line says). Its lines are the text as
 * it stands, their indentation taken off; it ends before the first non-empty line indented less.
 */
final class LiteralBlock {

    private LiteralBlock() {
    }

    /**
     * The scalar whose header ({@code |...}) is {@code header}, on line {@code line}, under a key at {@code keyColumn};
     * tells {@code nextLine} the first line after it.
     */
    static String read(String[] lines, int line, String header, int keyColumn, IntConsumer nextLine) {
        String indicators = YamlSubset.withoutComment(header.substring(1)).strip();
        if (!indicators.matches("[-+]?[1-9]?|[1-9][-+]")) {
            throw MetadataYaml.illegal("line " + (line + 1) + " has a block header this server does not read.");
        }
        char chomp = indicators.contains("-") ? '-' : indicators.contains("+") ? '+' : ' ';
        String digit = indicators.replaceAll("[-+]", "");
        int indent = digit.isEmpty() ? -1 : keyColumn + Integer.parseInt(digit);
        List<String> body = new ArrayList<>();
        int at = line + 1;
        for (; at < lines.length; at++) {
            String text = lines[at];
            int spaces = spaces(text);
            if (spaces == text.length()) {
                body.add(indent < 0 || spaces <= indent ? "" : text.substring(indent));
                continue;
            }
            if (indent < 0) {
                if (spaces <= keyColumn) {
                    break;
                }
                indent = spaces;
            }
            if (spaces < indent) {
                break;
            }
            body.add(text.substring(indent));
        }
        int trailing = 0;
        while (trailing < body.size() && body.get(body.size() - 1 - trailing).isEmpty()) {
            trailing++;
        }
        nextLine.accept(at);
        List<String> content = body.subList(0, body.size() - trailing);
        if (content.isEmpty()) {
            return chomp == '+' ? "\n".repeat(trailing) : "";
        }
        String text = String.join("\n", content);
        return switch (chomp) {
            case '-' -> text;
            case '+' -> text + "\n" + "\n".repeat(trailing);
            default -> text + "\n";
        };
    }

    private static int spaces(String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }
}
