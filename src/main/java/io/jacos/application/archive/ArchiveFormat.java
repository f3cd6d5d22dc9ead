package io.jacos.application.archive;

/** The two archive layouts the Nacos console writes; both are read, whichever metadata entry is present. */
public enum ArchiveFormat {
    /** Nacos's first export: content entries, and {@code .meta.yml} with the app names of those that have one. */
    V1(".meta.yml"),
    /** Nacos's second export ({@code exportV2}): content entries and {@code .metadata.yml} describing each. */
    V2(".metadata.yml");

    private final String metadataEntry;

    ArchiveFormat(String metadataEntry) {
        this.metadataEntry = metadataEntry;
    }

    public String metadataEntry() {
        return metadataEntry;
    }
}
