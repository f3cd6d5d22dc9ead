package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/**
 * Bounds of a configuration import: the uploaded archive, what it may unpack to, and how many entries it may hold.
 * An import holds the whole archive and its unpacked content in memory at once, so these bound the memory one
 * upload can take; an export larger than the unpacked bound is refused too, so whatever is exported can be imported.
 */
@ApplicationScoped
public class ConfigArchiveSettings {

    public static final Setting MAX_UPLOAD_BYTES = new Setting("jacos.config.import.max-upload-bytes", "33554432");
    public static final Setting MAX_UNPACKED_BYTES =
            new Setting("jacos.config.import.max-unpacked-bytes", "67108864");
    public static final Setting MAX_ENTRIES = new Setting("jacos.config.import.max-entries", "20000");

    static final List<Setting> SETTINGS = List.of(MAX_UPLOAD_BYTES, MAX_UNPACKED_BYTES, MAX_ENTRIES);

    private int maxUploadBytes;
    private long maxUnpackedBytes;
    private int maxEntries;

    /** Nothing read: for the container's proxy; every bound is then its least. */
    public ConfigArchiveSettings() {
    }

    @Inject
    public ConfigArchiveSettings(Config config) {
        this(MAX_UPLOAD_BYTES.intValue(config), MAX_UNPACKED_BYTES.longValue(config), MAX_ENTRIES.intValue(config));
    }

    public ConfigArchiveSettings(int maxUploadBytes, long maxUnpackedBytes, int maxEntries) {
        this.maxUploadBytes = maxUploadBytes;
        this.maxUnpackedBytes = maxUnpackedBytes;
        this.maxEntries = maxEntries;
    }

    /** The largest request body of an import: the zip itself, or the multipart form that carries it. */
    public int maxUploadBytes() {
        return Math.max(1, maxUploadBytes);
    }

    /** All entries of one archive together, unpacked; also the most one export may hold. */
    public long maxUnpackedBytes() {
        return Math.max(1, maxUnpackedBytes);
    }

    /** Entries of one archive, directories and the metadata included. */
    public int maxEntries() {
        return Math.max(1, maxEntries);
    }
}
