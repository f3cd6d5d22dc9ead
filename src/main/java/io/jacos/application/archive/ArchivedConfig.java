package io.jacos.application.archive;

/**
 * One configuration as an archive carries it: where it lives in its namespace, its content and what describes it.
 * Absent descriptions are empty strings; an absent type is empty (the publish then takes its default).
 */
public record ArchivedConfig(String group, String dataId, String content, String type, String description,
                             String appName) {

    public ArchivedConfig {
        type = type == null ? "" : type;
        description = description == null ? "" : description;
        appName = appName == null ? "" : appName;
    }

    /** The entry that holds the content. */
    public String entryName() {
        return group + "/" + dataId;
    }
}
