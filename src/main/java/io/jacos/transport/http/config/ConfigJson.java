package io.jacos.transport.http.config;

import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigQueries;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigGray;
import io.jacos.model.ConfigKey;
import io.jacos.model.Namespace;
import io.jacos.transport.http.HttpJson;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The JSON shapes Nacos's configuration API answers with, field for field as the 2.x console and tools read them:
 * ids as strings, the default namespace as tenant {@code ""}, history times as ISO text in UTC.
 */
final class ConfigJson {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSxxx")
            .withZone(ZoneOffset.UTC);

    private ConfigJson() {
    }

    record Info(String id, String dataId, String group, String content, String md5, String encryptedDataKey,
                String tenant, String appName, String type) {
    }

    record AllInfo(String id, String dataId, String group, String content, String md5, String encryptedDataKey,
                   String tenant, String appName, String type, long createTime, long modifyTime, String createUser,
                   String createIp, String desc, String use, String effect, String schema, String configTags) {
    }

    record Page<T>(long totalCount, int pageNumber, int pagesAvailable, Iterable<T> pageItems) {
    }

    record History(String id, long lastId, String dataId, String group, String tenant, String appName, String md5,
                   String content, String srcIp, String srcUser, String opType, String publishType,
                   String grayName, String extInfo, String createdTime, String lastModifiedTime,
                   String encryptedDataKey) {
    }

    /** Nacos's ConfigInfo4Beta: the beta's row as {@link Info}, with its IPs. */
    record BetaInfo(String id, String dataId, String group, String content, String md5, String encryptedDataKey,
                    String tenant, String appName, String type, String betaIps) {
    }

    /** Nacos's RestResult, which its v1 beta routes answer with. */
    record Result<T>(int code, String message, T data) {
    }

    record Wrapper(String id, String dataId, String group, String tenant) {
    }

    static Info info(ConfigCatalog.Detail detail) {
        ConfigEntry e = detail.entry();
        return new Info(Long.toString(detail.id()), e.key().dataId(), e.key().group(), e.content(), e.md5(),
                e.encryptedDataKey(), tenant(e.key()), e.appName(), e.type());
    }

    static AllInfo allInfo(ConfigCatalog.Detail detail) {
        ConfigEntry e = detail.entry();
        return new AllInfo(Long.toString(detail.id()), e.key().dataId(), e.key().group(), e.content(), e.md5(),
                e.encryptedDataKey(), tenant(e.key()), e.appName(), e.type(), detail.createdMillis(),
                e.modifiedMillis(), detail.srcUser(), detail.srcIp(), e.description(), null, null, null,
                e.tags().isEmpty() ? null : e.tags());
    }

    static History history(ConfigCatalog.Change change) {
        String at = TIME.format(Instant.ofEpochMilli(change.changedMillis()));
        return new History(Long.toString(change.nid()), -1, change.key().dataId(), change.key().group(),
                tenant(change.key()), change.appName(), change.md5(), change.content(), change.srcIp(),
                change.srcUser(), change.op(), change.gray() ? "gray" : "formal",
                change.gray() ? change.grayName() : null, null, at, at, change.encryptedDataKey());
    }

    /** The v1 beta query's answer: "query beta ok" and the beta, or null data when there is none. */
    static Result<BetaInfo> beta(Optional<ConfigGray> beta) {
        return result("query beta ok", beta.map(gray -> {
            ConfigEntry e = gray.entry();
            return new BetaInfo(Long.toString(e.revision()), e.key().dataId(), e.key().group(), e.content(), e.md5(),
                    e.encryptedDataKey(), tenant(e.key()), e.appName(), e.type(), gray.rule().expression());
        }).orElse(null));
    }

    static <T> Result<T> result(String message, T data) {
        return new Result<>(200, message, data);
    }

    static Wrapper wrapper(ConfigKey key) {
        return new Wrapper("0", key.dataId(), key.group(), tenant(key));
    }

    /** The items shaped as they are written ({@link HttpJson#streamed}), never gathered first. */
    static <A, B> Page<B> page(ConfigQueries.Listing<A> page, int pageNo, int pageSize, Function<A, B> shape) {
        int pages = (int) Math.min(Integer.MAX_VALUE, (page.total() + pageSize - 1) / pageSize);
        return new Page<>(page.total(), pageNo, pages, HttpJson.mapped(page.items(), shape));
    }

    /** The default namespace is tenant "" to the 2.x console and clients, which compare it with what they sent. */
    private static String tenant(ConfigKey key) {
        return Namespace.PUBLIC.equals(key.namespace()) ? "" : key.namespace();
    }
}
