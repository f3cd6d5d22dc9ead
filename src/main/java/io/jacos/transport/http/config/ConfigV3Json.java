package io.jacos.transport.http.config;

import io.jacos.application.ConfigCatalog;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigGray;
import io.jacos.model.ConfigKey;
import io.jacos.model.GrayRule;

/**
 * The JSON shapes of Nacos 3's configuration API ({@code ConfigBasicInfo}, {@code ConfigDetailInfo} and their
 * history kin), as its maintainer SDK reads them: {@code namespaceId} and {@code groupName} in place of v2's
 * {@code tenant} and {@code group}, ids as numbers, times as epoch milliseconds, the default namespace as
 * {@code public}.
 */
final class ConfigV3Json {

    private ConfigV3Json() {
    }

    record BasicInfo(long id, String namespaceId, String groupName, String dataId, String md5, String type,
                     String appName, long createTime, long modifyTime) {
    }

    record DetailInfo(long id, String namespaceId, String groupName, String dataId, String md5, String type,
                      String appName, long createTime, long modifyTime, String content, String desc,
                      String encryptedDataKey, String createUser, String createIp, String configTags) {
    }

    /** Nacos 3's ConfigGrayInfo: the details of a gray version, with its name and its rule as Nacos stores it. */
    record GrayInfo(long id, String namespaceId, String groupName, String dataId, String md5, String type,
                    String appName, long createTime, long modifyTime, String content, String desc,
                    String encryptedDataKey, String createUser, String createIp, String configTags, String grayName,
                    String grayRule) {
    }

    record HistoryBasicInfo(long id, String namespaceId, String groupName, String dataId, String md5, String type,
                            String appName, long createTime, long modifyTime, String srcIp, String srcUser,
                            String opType, String publishType) {
    }

    record HistoryDetailInfo(long id, String namespaceId, String groupName, String dataId, String md5, String type,
                             String appName, long createTime, long modifyTime, String srcIp, String srcUser,
                             String opType, String publishType, String content, String encryptedDataKey,
                             String grayName, String extInfo) {
    }

    /**
     * What {@code /v3/client/cs/config} answers, the fields of Nacos's {@code ConfigQueryResponse} as its JSON
     * writer spells them (its own result code and success flag included).
     */
    record ClientConfig(int resultCode, int errorCode, String message, String requestId, String content,
                        String encryptedDataKey, String contentType, String md5, long lastModified, boolean beta,
                        String tag, boolean success) {
    }

    static BasicInfo basic(ConfigCatalog.Detail detail) {
        ConfigEntry e = detail.entry();
        ConfigKey k = e.key();
        return new BasicInfo(detail.id(), k.namespace(), k.group(), k.dataId(), e.md5(), e.type(), e.appName(),
                detail.createdMillis(), e.modifiedMillis());
    }

    /** A configuration named only by its key (the namespace listing): no id, md5 or times to give. */
    static BasicInfo basic(ConfigKey key) {
        return new BasicInfo(0, key.namespace(), key.group(), key.dataId(), null, null, null, 0, 0);
    }

    static DetailInfo detail(ConfigCatalog.Detail detail) {
        ConfigEntry e = detail.entry();
        ConfigKey k = e.key();
        return new DetailInfo(detail.id(), k.namespace(), k.group(), k.dataId(), e.md5(), e.type(), e.appName(),
                detail.createdMillis(), e.modifiedMillis(), e.content(), e.description(), e.encryptedDataKey(),
                detail.srcUser(), detail.srcIp(), e.tags().isEmpty() ? null : e.tags());
    }

    static GrayInfo gray(ConfigGray gray) {
        ConfigEntry e = gray.entry();
        ConfigKey k = e.key();
        GrayRule rule = gray.rule();
        String ruleJson = "{\"type\":\"" + (rule.kind() == GrayRule.Kind.BETA ? "beta" : "tag")
                + "\",\"version\":\"1.0.0\",\"expr\":" + quoted(rule.expression()) + ",\"priority\":"
                + rule.priority() + "}";
        return new GrayInfo(e.revision(), k.namespace(), k.group(), k.dataId(), e.md5(), e.type(), e.appName(),
                e.modifiedMillis(), e.modifiedMillis(), e.content(), null, e.encryptedDataKey(), null, null, null,
                gray.name(), ruleJson);
    }

    /** A JSON string of {@code text}: beta IPs and tags hold no quote or backslash, but the rule is kept exact. */
    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static HistoryBasicInfo historyBasic(ConfigCatalog.Change c) {
        ConfigKey k = c.key();
        return new HistoryBasicInfo(c.nid(), k.namespace(), k.group(), k.dataId(), c.md5(), c.type(), c.appName(),
                c.changedMillis(), c.changedMillis(), c.srcIp(), c.srcUser(), c.op(), c.gray() ? "gray" : "formal");
    }

    static HistoryDetailInfo historyDetail(ConfigCatalog.Change c) {
        ConfigKey k = c.key();
        return new HistoryDetailInfo(c.nid(), k.namespace(), k.group(), k.dataId(), c.md5(), c.type(), c.appName(),
                c.changedMillis(), c.changedMillis(), c.srcIp(), c.srcUser(), c.op(), c.gray() ? "gray" : "formal",
                c.content(), c.encryptedDataKey(), c.gray() ? c.grayName() : null, null);
    }

    static ClientConfig client(ConfigEntry e) {
        return new ClientConfig(200, 0, null, null, e.content(), e.encryptedDataKey(), e.type(), e.md5(),
                e.modifiedMillis(), false, null, true);
    }
}
