package io.jacos.application.archive;

import io.jacos.model.RegistryException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code .metadata.yml} entry of a second-format archive: a top-level {@code metadata} sequence of mappings
 * with the keys {@code dataId}, {@code group}, {@code type}, {@code desc} and {@code appName}. Nacos writes it with
 * SnakeYAML's block style (keys in alphabetical order, plain scalars where they read back as the same string,
 * quoted ones otherwise, long ones folded over several lines). No YAML library is on the server's classpath, so the
 * reading here takes exactly that subset, plus comments and single- or double-quoted values a person may have
 * edited in; anything else (anchors, tags, block scalars, flow collections, nested values) is refused rather than
 * half-understood. Values are the scalars' text as written, as Nacos reads them: {@code null} is the string "null".
 */
public final class MetadataYaml {

    /** One item as read; a key that is absent is null. Other keys are ignored, as Nacos ignores them. */
    public record Item(String dataId, String group, String type, String desc, String appName) {
    }

    static final String ROOT = "metadata";
    private static final Pattern PLAIN_SAFE = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]*");
    private static final Set<String> LOOKS_TYPED = Set.of("true", "false", "yes", "no", "on", "off", "y", "n",
            "null");

    private MetadataYaml() {
    }

    /** The metadata of the configurations, one item each, in order. */
    public static String write(List<ArchivedConfig> configs) {
        if (configs.isEmpty()) {
            return ROOT + ": []\n";
        }
        StringBuilder out = new StringBuilder(ROOT).append(":\n");
        for (ArchivedConfig c : configs) {
            out.append("- appName: ").append(scalar(c.appName())).append('\n');
            out.append("  dataId: ").append(scalar(c.dataId())).append('\n');
            out.append("  desc: ").append(scalar(c.description())).append('\n');
            out.append("  group: ").append(scalar(c.group())).append('\n');
            out.append("  type: ").append(scalar(c.type())).append('\n');
        }
        return out.toString();
    }

    /** The items of {@code yaml}, at most {@code maxItems}. @throws RegistryException 400 when it is malformed */
    public static List<Item> read(String yaml, int maxItems) {
        List<Map<String, String>> maps = new YamlSubset(yaml).read(maxItems);
        List<Item> items = new ArrayList<>(maps.size());
        for (Map<String, String> m : maps) {
            items.add(new Item(m.get("dataId"), m.get("group"), m.get("type"), m.get("desc"), m.get("appName")));
        }
        return items;
    }

    static RegistryException illegal(String message) {
        return RegistryException.archive(RegistryException.Reason.ARCHIVE_METADATA_ILLEGAL,
                "The archive's metadata is illegal: " + message);
    }

    /** Plain when it reads back as this very string, single-quoted when printable, double-quoted otherwise. */
    static String scalar(String value) {
        if (PLAIN_SAFE.matcher(value).matches() && !LOOKS_TYPED.contains(value.toLowerCase(Locale.ROOT))) {
            return value;
        }
        if (value.codePoints().allMatch(MetadataYaml::printable)) {
            return "'" + value.replace("'", "''") + "'";
        }
        StringBuilder out = new StringBuilder("\"");
        value.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (printable(c)) {
                        out.appendCodePoint(c);
                    } else {
                        out.append(String.format("\\u%04x", c));
                    }
                }
            }
        });
        return out.append('"').toString();
    }

    /** What YAML lets stand unescaped on one line: not a control character, nor one it reads as a line break. */
    static boolean printable(int c) {
        return c >= 0x20 && c != 0x7f && !(c >= 0x80 && c <= 0x9f) && c != 0x2028 && c != 0x2029 && c != 0xfeff;
    }
}
