package io.jacos.application;

import io.jacos.application.archive.ArchiveFormat;
import io.jacos.model.ConfigKey;

import java.util.List;
import java.util.function.Predicate;

/**
 * A namespace's configurations out to, and in from, the archive the Nacos console exports and imports
 * ({@link io.jacos.application.archive}). An import publishes each configuration as {@link ConfigService#publish}
 * does (the same validation, md5, history, listeners told, namespace bound); a malformed or oversized archive is
 * refused whole with a 400 before anything is written.
 */
public interface ConfigArchive {

    /** What an import does with a configuration the namespace already holds. */
    enum Policy {
        /** Import nothing at all when any configuration of the archive exists or is refused. */
        ABORT,
        /** Keep the existing configuration, import the others. */
        SKIP,
        /** Replace the existing configuration. */
        OVERWRITE
    }

    /**
     * Which configurations of the namespace {@code tenant} names to export: all, or those matching the data id
     * ({@code *} for any run of characters), the group and the app name given, or only the ids listed (row ids as
     * the searches answer them; ids of other namespaces are left out).
     */
    record Export(String tenant, String dataId, String group, String appName, List<Long> ids, ArchiveFormat format) {
        public Export {
            ids = ids == null ? List.of() : List.copyOf(ids);
        }
    }

    /** A configuration the import did not write, and why. */
    record Failure(ConfigKey key, String reason) {
    }

    /**
     * What an import did: how many configurations it wrote, which it skipped (kept as they were, or for ABORT
     * left unwritten after the failure), which failed and why, and the archive entries that name no configuration.
     */
    record Imported(int succeeded, List<ConfigKey> skipped, List<Failure> failed, List<String> unrecognized) {
        public Imported {
            skipped = List.copyOf(skipped);
            failed = List.copyOf(failed);
            unrecognized = List.copyOf(unrecognized);
        }
    }

    /**
     * A configuration to clone: its row id, and the group and data id its copy takes (blank or null: its own), as
     * the console names them.
     */
    record Clone(long id, String group, String dataId) {
    }

    /** The archive; 400 when more than an import would take back ({@code jacos.config.import.*}). */
    byte[] export(Export export);

    /**
     * Imports the archive into the namespace {@code tenant} names, which must exist (400, reason
     * NAMESPACE_NOT_FOUND). @throws io.jacos.model.RegistryException 400 with an {@code ARCHIVE_*} reason for an
     * archive that is unreadable, has illegal metadata or holds no configuration
     */
    Imported importArchive(String tenant, byte[] zip, Policy policy, ConfigWrite.Source source);

    /**
     * Copies the configurations of these row ids into the namespace {@code tenant} names (which must exist), as an
     * import of them would with the same policy. Sources in a namespace {@code readable} refuses are left out as if
     * they were not stored. @throws io.jacos.model.RegistryException 400 with reason ARCHIVE_EMPTY when none of
     * them is left, or for more than {@link ConfigBatch#MAX_IDS}
     */
    Imported cloneInto(String tenant, List<Clone> clones, Predicate<String> readable, Policy policy,
                       ConfigWrite.Source source);
}
