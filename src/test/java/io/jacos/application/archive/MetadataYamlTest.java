package io.jacos.application.archive;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metadata entry of the console's second format, against SnakeYAML (on the test class path through the Nacos
 * client), the library Nacos writes and reads it with: what SnakeYAML writes is read here value for value, and
 * what is written here SnakeYAML reads back the same.
 */
class MetadataYamlTest {

    private static final String LONG = "A description long enough that SnakeYAML folds it over more than one line "
            + "of its eighty columns, with  two spaces kept and a trailing word";
    private static final List<ArchivedConfig> TRICKY = List.of(
            new ArchivedConfig("DEFAULT_GROUP", "app.yaml", "", "yaml", LONG, "shop"),
            new ArchivedConfig("G-1", "123", "", "properties", "line one\nline two\n\nafter a blank", ""),
            new ArchivedConfig("true", "null", "", "text", "it's \"quoted\": #not a comment", "ü ✓ 😀"),
            new ArchivedConfig("g", "tabs\tand\\back", "", "json", " leading and trailing ", "-dash"),
            new ArchivedConfig("g", "ends", "", "t", "one line break at the end\n", "  indented\nfirst line"),
            new ArchivedConfig("g", "keeps", "", "t", "two line breaks\n\n", "trailing spaces  \nkept"),
            new ArchivedConfig("g", "last", "", "t", "x", "kept at the end\n\n\n"));

    /** As Nacos's export writes it: SnakeYAML's dumpAsMap, keys in alphabetical order. */
    private static String dumpedBySnakeYaml(List<ArchivedConfig> configs) {
        List<Map<String, String>> items = configs.stream().map(c -> (Map<String, String>) new TreeMap<>(Map.of(
                "dataId", c.dataId(), "group", c.group(), "type", c.type(), "desc", c.description(),
                "appName", c.appName()))).toList();
        return new Yaml().dumpAsMap(new LinkedHashMap<>(Map.of("metadata", items)));
    }

    private static List<MetadataYaml.Item> expected(List<ArchivedConfig> configs) {
        return configs.stream().map(c -> new MetadataYaml.Item(c.dataId(), c.group(), c.type(), c.description(),
                c.appName())).toList();
    }

    @Test
    void whatSnakeYamlWritesIsReadValueForValue() {
        String yaml = dumpedBySnakeYaml(TRICKY);
        assertTrue(yaml.lines().count() > TRICKY.size() * 5L, "some values fold over lines:\n" + yaml);
        assertEquals(expected(TRICKY), MetadataYaml.read(yaml, 100));
    }

    @Test
    void whatIsWrittenHereSnakeYamlReadsTheSame() {
        @SuppressWarnings("unchecked")
        Map<String, List<Map<String, String>>> read = new Yaml().load(MetadataYaml.write(TRICKY));
        List<MetadataYaml.Item> items = read.get("metadata").stream().map(m -> new MetadataYaml.Item(m.get("dataId"),
                m.get("group"), m.get("type"), m.get("desc"), m.get("appName"))).toList();
        assertEquals(expected(TRICKY), items);
        assertEquals(expected(TRICKY), MetadataYaml.read(MetadataYaml.write(TRICKY), 100));
    }

    @Test
    void plainValuesAreWrittenPlainAsNacosDoes() {
        assertEquals("""
                metadata:
                - appName: shop
                  dataId: app.yaml
                  desc: ''
                  group: DEFAULT_GROUP
                  type: yaml
                """, MetadataYaml.write(List.of(new ArchivedConfig("DEFAULT_GROUP", "app.yaml", "c", "yaml", "",
                "shop"))));
    }

    @Test
    void aHandEditedFileWithCommentsIndentedItemsAndUnknownKeysIsRead() {
        String yaml = """
                # exported by hand
                ---
                metadata:   # the list
                  - dataId: a.yaml   # a comment
                    group: 'G'
                    type: "yaml"
                    owner: ignored
                    desc: 'folded
                      over two lines'

                  - {dataId_is_next_line: no}
                """;
        RegistryException e = assertThrows(RegistryException.class, () -> MetadataYaml.read(yaml, 10));
        assertEquals(RegistryException.Reason.ARCHIVE_METADATA_ILLEGAL, e.reason(), "a flow mapping is not read");

        String fine = yaml.substring(0, yaml.indexOf("  - {"));
        assertEquals(List.of(new MetadataYaml.Item("a.yaml", "G", "yaml", "folded over two lines", null)),
                MetadataYaml.read(fine, 10));
    }

    @Test
    void anEmptyListHasNoItems() {
        assertEquals(List.of(), MetadataYaml.read("metadata: []\n", 10));
        assertEquals(List.of(), MetadataYaml.read(MetadataYaml.write(List.of()), 10));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "configs:\n- dataId: a\n",
            "metadata:\n- dataId: a\nother: b\n",
            "metadata:\n\t- dataId: a\n",
            "metadata:\n- dataId: &anchor a\n",
            "metadata:\n- dataId: !!str a\n",
            "metadata:\n- desc: >\n    folded block\n",
            "metadata:\n- desc: |x\n    bad header\n",
            "metadata:\n- dataId: [a, b]\n",
            "metadata:\n- dataId: \"never closed\n",
            "metadata:\n- dataId: 'a' trailing\n",
            "metadata:\n- dataId: \"bad \\q escape\"\n",
            "metadata:\n- dataId:\n    nested: a\n",
            "metadata:\n- dataId: a\n  dataId: b\n",
            "metadata:\n- dataId: a\n   group: misaligned\n  type: t\n",
            "metadata:\n-dataId: a\n",
            "metadata:\n- dataId:a\n",
            "metadata:\n- just text\n"})
    void anythingOutsideTheFormatIsRefusedAsIllegalMetadata(String yaml) {
        RegistryException e = assertThrows(RegistryException.class, () -> MetadataYaml.read(yaml, 10));
        assertEquals(RegistryException.INVALID_PARAM, e.code());
        assertEquals(RegistryException.Reason.ARCHIVE_METADATA_ILLEGAL, e.reason(), e.getMessage());
    }

    @Test
    void moreItemsThanTheBoundAreRefused() {
        String yaml = "metadata:\n" + "- dataId: a\n  group: g\n  type: t\n".repeat(3);
        assertEquals(3, MetadataYaml.read(yaml, 3).size());
        RegistryException e = assertThrows(RegistryException.class, () -> MetadataYaml.read(yaml, 2));
        assertTrue(e.getMessage().contains("more than 2"), e.getMessage());
    }
}
