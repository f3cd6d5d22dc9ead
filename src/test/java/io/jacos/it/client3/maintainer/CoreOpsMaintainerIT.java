package io.jacos.it.client3.maintainer;

import com.alibaba.nacos.api.exception.NacosException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nacos 3's maintainer SDK 3.1.0 against {@code /nacos/v3/admin/core/ops}: the id generators (none, as Nacos on an
 * external database), a core log's level, and the Raft operations Jacos does not have.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Maintainer SDK 3.1.0: core operations")
class CoreOpsMaintainerIT {

    @Test
    @DisplayName("ids is an empty list, a log level is set and a bad one refused, raft is refused as not there")
    void operations() throws Exception {
        try (MaintainerSdk sdk = MaintainerSdk.config(SharedServer.serverAddr(), Map.of())) {
            JsonNode ids = sdk.call("getIdGenerators");
            assertTrue(ids.isArray() && ids.isEmpty(), ids.toString());

            sdk.call("updateLogLevel", "core-cluster", "DEBUG");
            sdk.call("updateLogLevel", "core-cluster", "INFO");
            NacosException badLevel = assertThrows(NacosException.class,
                    () -> sdk.call("updateLogLevel", "core-cluster", "LOUD"));
            assertEquals(400, badLevel.getErrCode(), badLevel.getErrMsg());
            NacosException badName = assertThrows(NacosException.class,
                    () -> sdk.call("updateLogLevel", "no-such-log", "INFO"));
            assertEquals(400, badName.getErrCode(), badName.getErrMsg());

            NacosException raft = assertThrows(NacosException.class,
                    () -> sdk.call("raftOps", "doSnapshot", "", "naming_persistent_service_v2"));
            assertEquals(501, raft.getErrCode(), raft.getErrMsg());
        }
        NacosHttp.Answer raw = new NacosHttp(SharedServer.serverAddr()).call("POST", "/nacos/v3/admin/core/ops/raft",
                Map.of(), Map.of("command", "transferLeader", "value", "127.0.0.1:7848"));
        assertEquals(501, raw.status(), raw.toString());
        assertEquals(40001, raw.json().path("code").asInt(), raw.toString());
        assertTrue(raw.json().path("data").asText().contains("Raft"), raw.toString());
    }
}
