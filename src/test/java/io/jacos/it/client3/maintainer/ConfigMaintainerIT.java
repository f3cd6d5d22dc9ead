package io.jacos.it.client3.maintainer;

import com.alibaba.nacos.api.exception.NacosException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Nacos 3's maintainer SDK 3.1.0 against {@code /nacos/v3/admin/cs/config} and {@code /cs/history}. */
@ExtendWith(SharedServer.class)
@DisplayName("Maintainer SDK 3.1.0: configuration admin")
class ConfigMaintainerIT {

    private static final String GROUP = "V3_GROUP";
    private static final String PUBLIC = "public";

    private MaintainerSdk sdk;

    @BeforeEach
    void open() throws Exception {
        sdk = MaintainerSdk.config(SharedServer.serverAddr(), Map.of());
    }

    @AfterEach
    void close() throws Exception {
        sdk.close();
    }

    @Test
    @DisplayName("publish, details, blur and accurate search, removal")
    void publishReadSearchRemove() throws Exception {
        String prefix = "cfgv3-" + UUID.randomUUID();
        String dataId = prefix + ".yaml";
        assertTrue(publish(dataId, "a: 1", "app-v3", "t1", "first", "yaml"));

        JsonNode detail = sdk.call("getConfig", dataId, GROUP, PUBLIC);
        assertEquals("a: 1", detail.path("content").asText());
        assertEquals(dataId, detail.path("dataId").asText());
        assertEquals(GROUP, detail.path("groupName").asText());
        assertEquals(PUBLIC, detail.path("namespaceId").asText());
        assertEquals("yaml", detail.path("type").asText());
        assertEquals("app-v3", detail.path("appName").asText());
        assertEquals("first", detail.path("desc").asText());
        assertEquals("t1", detail.path("configTags").asText());
        assertFalse(detail.path("md5").asText().isEmpty());
        assertTrue(detail.path("id").asLong() > 0);
        assertTrue(detail.path("modifyTime").asLong() > 0);

        JsonNode blur = sdk.call("searchConfigs", prefix + "*", GROUP, PUBLIC);
        assertEquals(1, blur.path("totalCount").asInt(), blur.toString());
        assertEquals(dataId, blur.path("pageItems").get(0).path("dataId").asText());
        assertEquals(detail.path("md5").asText(), blur.path("pageItems").get(0).path("md5").asText());
        JsonNode accurate = sdk.call("listConfigs", dataId, GROUP, PUBLIC);
        assertEquals(1, accurate.path("totalCount").asInt(), accurate.toString());
        assertEquals(0, sdk.call("listConfigs", prefix, GROUP, PUBLIC).path("totalCount").asInt());

        assertTrue(sdk.call("deleteConfig", dataId, GROUP, PUBLIC).asBoolean());
        NacosException gone = assertThrows(NacosException.class, () -> sdk.call("getConfig", dataId, GROUP, PUBLIC));
        assertEquals(404, gone.getErrCode(), gone.getErrMsg());
    }

    @Test
    @DisplayName("history: the list, one change, the previous one and the namespace's configurations")
    void history() throws Exception {
        String dataId = "histv3-" + UUID.randomUUID();
        assertTrue(publish(dataId, "v=1", null, null, null, "properties"));
        assertTrue(publish(dataId, "v=2", null, null, null, "properties"));
        long configId = sdk.call("getConfig", dataId, GROUP, PUBLIC).path("id").asLong();

        JsonNode page = sdk.call("listConfigHistory", dataId, GROUP, PUBLIC, 1, 10);
        assertEquals(2, page.path("totalCount").asInt(), page.toString());
        List<String> ops = new ArrayList<>();
        page.path("pageItems").forEach(item -> ops.add(item.path("opType").asText().trim()));
        assertEquals(List.of("U", "I"), ops);
        JsonNode newest = page.path("pageItems").get(0);
        assertEquals(GROUP, newest.path("groupName").asText());
        assertTrue(newest.path("createTime").asLong() > 0);

        JsonNode one = sdk.call("getConfigHistoryInfo", dataId, GROUP, PUBLIC, newest.path("id").asLong());
        assertEquals(dataId, one.path("dataId").asText());
        assertFalse(one.path("content").asText().isEmpty());
        JsonNode previous = sdk.call("getPreviousConfigHistoryInfo", dataId, GROUP, PUBLIC, configId);
        assertEquals(dataId, previous.path("dataId").asText());

        List<String> inNamespace = new ArrayList<>();
        sdk.call("getConfigListByNamespace", PUBLIC).forEach(c -> inNamespace.add(c.path("dataId").asText()));
        assertTrue(inNamespace.contains(dataId), inNamespace.toString());

        NacosException unknown = assertThrows(NacosException.class,
                () -> sdk.call("getConfigHistoryInfo", dataId, GROUP, PUBLIC, Long.MAX_VALUE));
        assertEquals(404, unknown.getErrCode());
        sdk.call("deleteConfig", dataId, GROUP, PUBLIC);
    }

    private boolean publish(String dataId, String content, String app, String tags, String desc, String type)
            throws NacosException {
        return sdk.call("publishConfig", dataId, GROUP, PUBLIC, content, app, null, tags, desc, type).asBoolean();
    }
}
