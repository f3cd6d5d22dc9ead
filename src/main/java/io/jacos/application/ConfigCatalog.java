package io.jacos.application;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;

import java.util.List;
import java.util.Optional;

/**
 * What the open API and the console read about configurations beyond their current content: a configuration's
 * stored details, a search over a namespace, and the change history. Read-only; every write goes through
 * {@link ConfigStore}. Pages are counted from 1; a page past the end is empty, with the true total.
 */
public interface ConfigCatalog {

    /** A configuration as stored, with its row id and who wrote it last from where. */
    record Detail(long id, ConfigEntry entry, long createdMillis, String srcUser, String srcIp) {
    }

    /**
     * A search in one namespace. Blank {@code dataId} or {@code group} match any; otherwise they match exactly or,
     * when {@code blur}, as patterns where {@code *} stands for any run of characters (every other character,
     * {@code %} and {@code _} included, stands for itself). A non-blank {@code appName} must match exactly, and
     * each of the comma-separated {@code tags} must be among the configuration's tags.
     */
    record Search(String namespace, String dataId, String group, String appName, String tags, boolean blur) {
    }

    /** A search's row and the bytes its content takes: what a page is planned by before its rows are read. */
    record Sized(long id, long bytes) {
    }

    /** One page of a longer list, and how long the list is. */
    record Page<T>(long total, List<T> items) {
    }

    /**
     * One change as its history row holds it: op {@code I} (created; the new content), {@code U} (updated; the
     * content before) or {@code D} (removed; the content before), with who changed it from where and when.
     */
    record Change(long nid, long configId, ConfigKey key, String op, String content, String md5, String type,
                  String encryptedDataKey, String appName, String srcUser, String srcIp, long changedMillis,
                  String grayName) {
        /** A change of a gray version (its row id is then the gray version's). */
        public boolean gray() {
            return grayName != null && !grayName.isEmpty();
        }
    }

    Optional<Detail> detail(ConfigKey key);

    /** Matches ordered by id (creation order). */
    Page<Detail> search(Search search, int pageNo, int pageSize);

    /** The page {@link #search} would give, as row ids and content sizes only. */
    Page<Sized> searchSized(Search search, int pageNo, int pageSize);

    /** The configurations of these row ids still stored, in the order given (at most a few hundred ids). */
    List<Detail> details(List<Long> ids);

    /**
     * A configuration's changes, newest first, without their content ({@code null}), so a page costs little
     * whatever the configuration holds; {@link #change} reads one change with its content.
     */
    Page<Change> history(ConfigKey key, int pageNo, int pageSize);

    /** The change with this history id. */
    Optional<Change> change(long nid);

    /** The newest formal change of the configuration row {@code configId}: what it held before its last change. */
    Optional<Change> lastChangeOf(long configId);

    /** Every configuration in the namespace, by group then data id; at most {@code limit}. */
    List<ConfigKey> keysIn(String namespace, int limit);
}
