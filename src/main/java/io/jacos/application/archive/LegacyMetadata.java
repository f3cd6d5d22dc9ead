package io.jacos.application.archive;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code .meta.yml} entry of a first-format archive, which despite its name is no YAML: one line
 * {@code group.dataId.app=appName} per configuration with an app name, where the last dot of the data id is
 * written as {@code ~} (so {@code a.yaml} in {@code G} is {@code G.a~yaml.app}), lines ending in CR LF.
 */
final class LegacyMetadata {

    private LegacyMetadata() {
    }

    static String write(List<ArchivedConfig> configs) {
        StringBuilder out = new StringBuilder();
        for (ArchivedConfig c : configs) {
            if (!c.appName().isBlank()) {
                out.append(key(c.group(), c.dataId())).append('=').append(c.appName()).append("\r\n");
            }
        }
        return out.toString();
    }

    /** App names by {@link #key}. @throws io.jacos.model.RegistryException 400 for a line without one '=' */
    static Map<String, String> read(String text, int maxLines) {
        Map<String, String> apps = new HashMap<>();
        for (String line : text.split("[\r\n]+")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("=", -1);
            if (parts.length != 2 || parts[0].isEmpty()) {
                throw MetadataYaml.illegal("a line of .meta.yml is not 'key=appName'.");
            }
            if (apps.size() == maxLines) {
                throw MetadataYaml.illegal(".meta.yml has more than " + maxLines + " lines.");
            }
            apps.put(parts[0], parts[1]);
        }
        return apps;
    }

    static String key(String group, String dataId) {
        int dot = dataId.lastIndexOf('.');
        String id = dot < 0 ? dataId : dataId.substring(0, dot) + "~" + dataId.substring(dot + 1);
        return group + "." + id + ".app";
    }
}
