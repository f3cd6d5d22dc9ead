package io.jacos.transport.http.admin;

import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigQueries;
import io.jacos.model.ConfigEntry;
import io.jacos.transport.http.HttpJson;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The configuration shapes of the admin API: times as epoch milliseconds, the namespace as its id, and the content
 * only where one configuration or one change is asked for, never in a list.
 */
final class ConfigAdminJson {

    private ConfigAdminJson() {
    }

    static Map<String, Object> page(ConfigQueries.Listing<ConfigCatalog.Detail> page, int pageNo, int pageSize) {
        return paged(page, pageNo, pageSize, ConfigAdminJson::summary);
    }

    static Map<String, Object> changes(ConfigQueries.Listing<ConfigCatalog.Change> page, int pageNo, int pageSize) {
        return paged(page, pageNo, pageSize, change -> change(change, false));
    }

    static Map<String, Object> detail(ConfigCatalog.Detail detail) {
        Map<String, Object> shown = summary(detail);
        shown.put("content", detail.entry().content());
        shown.put("createdTime", detail.createdMillis());
        shown.put("encrypted", !detail.entry().encryptedDataKey().isEmpty());
        return shown;
    }

    static Map<String, Object> change(ConfigCatalog.Change change, boolean withContent) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("nid", change.nid());
        shown.put("op", change.op());
        shown.put("time", change.changedMillis());
        shown.put("md5", change.md5());
        shown.put("type", change.type());
        shown.put("appName", change.appName());
        shown.put("user", change.srcUser());
        shown.put("ip", change.srcIp());
        // A gray version's change is named, so the console never takes its content for the formal one's.
        shown.put("grayName", change.grayName());
        if (withContent) {
            shown.put("content", change.content());
        }
        return shown;
    }

    private static Map<String, Object> summary(ConfigCatalog.Detail detail) {
        ConfigEntry entry = detail.entry();
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("namespaceId", entry.key().namespace());
        shown.put("group", entry.key().group());
        shown.put("dataId", entry.key().dataId());
        shown.put("type", entry.type());
        shown.put("md5", entry.md5());
        shown.put("size", entry.content().getBytes(StandardCharsets.UTF_8).length);
        shown.put("appName", entry.appName());
        shown.put("desc", entry.description());
        shown.put("tags", entry.tags());
        shown.put("modifiedTime", entry.modifiedMillis());
        shown.put("user", detail.srcUser());
        shown.put("ip", detail.srcIp());
        return shown;
    }

    /** The items shaped as they are written ({@link HttpJson#streamed}), never gathered first. */
    private static <T> Map<String, Object> paged(ConfigQueries.Listing<T> page, int pageNo, int pageSize,
                                                 Function<T, Map<String, Object>> shape) {
        Iterable<Map<String, Object>> items = HttpJson.mapped(page.items(), shape);
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("totalCount", page.total());
        shown.put("pageNo", pageNo);
        shown.put("pageSize", pageSize);
        shown.put("items", items);
        return shown;
    }
}
