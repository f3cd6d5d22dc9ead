package io.jacos.it.client3.maintainer;

import com.alibaba.nacos.api.exception.NacosException;
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
 * Nacos 3's maintainer SDK 3.1.0 against {@code /nacos/v3/admin/cs/ops}: a configuration log's level, and the
 * Derby operations Jacos does not have.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Maintainer SDK 3.1.0: configuration operations")
class ConfigOpsMaintainerIT {

    @Test
    @DisplayName("a config log level is set and a bad one refused; derby and derby/import are refused as not there")
    void operations() throws Exception {
        try (MaintainerSdk sdk = MaintainerSdk.config(SharedServer.serverAddr(), Map.of())) {
            assertTrue(sdk.call("setLogLevel", "config-notify", "DEBUG").asText().contains("config-notify"));
            sdk.call("setLogLevel", "config-notify", "INFO");
            NacosException badLevel = assertThrows(NacosException.class,
                    () -> sdk.call("setLogLevel", "config-notify", "LOUD"));
            assertEquals(400, badLevel.getErrCode(), badLevel.getErrMsg());
            NacosException badName = assertThrows(NacosException.class,
                    () -> sdk.call("setLogLevel", "config-fatal", "INFO"));
            assertEquals(400, badName.getErrCode(), badName.getErrMsg());
        }
        NacosHttp http = new NacosHttp(SharedServer.serverAddr());
        NacosHttp.Answer derby = http.get("/nacos/v3/admin/cs/ops/derby", Map.of("sql", "SELECT * FROM users"));
        assertEquals(501, derby.status(), derby.toString());
        assertEquals(40001, derby.json().path("code").asInt(), derby.toString());
        assertTrue(derby.json().path("data").asText().contains("not Derby"), derby.toString());
        NacosHttp.Answer imported = http.call("POST", "/nacos/v3/admin/cs/ops/derby/import", Map.of(), Map.of());
        assertEquals(501, imported.status(), imported.toString());
        assertEquals(40001, imported.json().path("code").asInt(), imported.toString());
    }
}
