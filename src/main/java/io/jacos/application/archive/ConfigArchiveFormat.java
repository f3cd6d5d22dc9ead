package io.jacos.application.archive;

import io.jacos.model.RegistryException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Configurations to and from the console's archive. Reading takes either format, by the metadata entry it holds
 * ({@code .metadata.yml} wins when both are there, as in Nacos). An entry not named {@code group/dataId}, an entry
 * the second format's metadata does not describe, and a description without its entry are not configurations:
 * they are reported back as unrecognized, the rest imported, as Nacos does.
 */
public final class ConfigArchiveFormat {

    /** What an archive holds: its configurations, in archive order, and the names it could not place. */
    public record Unpacked(List<ArchivedConfig> configs, List<String> unrecognized) {
    }

    private ConfigArchiveFormat() {
    }

    public static byte[] write(List<ArchivedConfig> configs, ArchiveFormat format, long atMillis) {
        Map<String, String> entries = new LinkedHashMap<>();
        configs.forEach(c -> entries.put(c.entryName(), c.content()));
        String metadata = format == ArchiveFormat.V2 ? MetadataYaml.write(configs) : LegacyMetadata.write(configs);
        if (format == ArchiveFormat.V2 || !metadata.isEmpty()) {
            entries.put(format.metadataEntry(), metadata);
        }
        return ZipEntries.write(entries, atMillis);
    }

    /** @throws RegistryException 400 for an archive outside the format or its bounds */
    public static Unpacked read(byte[] zip, ArchiveLimits limits) {
        Map<String, String> entries = ZipEntries.read(zip, limits);
        String v2 = entries.remove(ArchiveFormat.V2.metadataEntry());
        String v1 = entries.remove(ArchiveFormat.V1.metadataEntry());
        List<String> unrecognized = new ArrayList<>();
        Map<String, String> contents = new LinkedHashMap<>();
        entries.forEach((name, content) -> {
            if (name.split("/", -1).length == 2) {
                contents.put(name, content);
            } else {
                unrecognized.add(name);
            }
        });
        List<ArchivedConfig> configs = v2 != null ? described(v2, contents, unrecognized, limits.maxEntries())
                : appNamed(v1, contents, limits.maxEntries());
        return new Unpacked(configs, unrecognized);
    }

    private static List<ArchivedConfig> described(String yaml, Map<String, String> contents, List<String> unrecognized,
                                                  int maxItems) {
        List<MetadataYaml.Item> items = MetadataYaml.read(yaml, maxItems);
        if (items.isEmpty()) {
            throw MetadataYaml.illegal("it describes no configuration.");
        }
        List<ArchivedConfig> configs = new ArrayList<>();
        Set<String> described = new HashSet<>();
        for (MetadataYaml.Item item : items) {
            if (blank(item.dataId()) || blank(item.group()) || blank(item.type())) {
                throw MetadataYaml.illegal("every item needs a dataId, a group and a type.");
            }
            String name = item.group() + "/" + item.dataId();
            if (!described.add(name)) {
                throw MetadataYaml.illegal("it describes " + ZipEntries.shown(name) + " twice.");
            }
            String content = contents.get(name);
            if (content == null) {
                unrecognized.add(name);
            } else {
                configs.add(new ArchivedConfig(item.group(), item.dataId(), content, item.type(), item.desc(),
                        item.appName()));
            }
        }
        contents.keySet().stream().filter(name -> !described.contains(name)).forEach(unrecognized::add);
        return configs;
    }

    private static List<ArchivedConfig> appNamed(String legacy, Map<String, String> contents, int maxLines) {
        Map<String, String> apps = legacy == null ? Map.of() : LegacyMetadata.read(legacy, maxLines);
        List<ArchivedConfig> configs = new ArrayList<>();
        contents.forEach((name, content) -> {
            String[] parts = name.split("/", -1);
            configs.add(new ArchivedConfig(parts[0], parts[1], content, null, null,
                    apps.get(LegacyMetadata.key(parts[0], parts[1]))));
        });
        return configs;
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
