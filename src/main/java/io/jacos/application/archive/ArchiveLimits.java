package io.jacos.application.archive;

/**
 * The bounds an uploaded archive is read within: entries (directories and metadata included), bytes of one entry
 * and of all together once unpacked, and how many times larger than the upload its unpacked bytes may be, past a
 * floor below which any ratio is harmless (a small file of repeated lines packs very well, and honestly so).
 */
public record ArchiveLimits(int maxEntries, long maxEntryBytes, long maxUnpackedBytes, int maxRatio,
                            long ratioFloorBytes) {

    /** Deflate packs at most about 1:1000; ordinary configuration text packs 1:3 to 1:20. */
    public static final int DEFAULT_MAX_RATIO = 100;
    public static final long DEFAULT_RATIO_FLOOR_BYTES = 1024 * 1024;

    public ArchiveLimits {
        if (maxEntries < 1 || maxEntryBytes < 1 || maxUnpackedBytes < 1 || maxRatio < 1 || ratioFloorBytes < 0) {
            throw new IllegalArgumentException("archive limits must be positive");
        }
    }

    public static ArchiveLimits of(int maxEntries, long maxEntryBytes, long maxUnpackedBytes) {
        return new ArchiveLimits(maxEntries, maxEntryBytes, maxUnpackedBytes, DEFAULT_MAX_RATIO,
                DEFAULT_RATIO_FLOOR_BYTES);
    }
}
