package io.jacos.transport.http.param;

import io.jacos.application.IpPortClientService.BeatSpec;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BeatParamsTest {

    @Test
    void aLightBeatIsTheQuerysIpPortAndCluster() {
        BeatSpec beat = BeatParams.spec(RequestParams.of(Map.of("ip", "10.0.0.1", "port", "80", "clusterName", "c1")));

        assertEquals(new BeatSpec("10.0.0.1", 80, "c1", null, null, false), beat);
    }

    @Test
    void aFullBeatTakesTheInstanceFromItsBody() {
        String body = "{\"port\":8080,\"ip\":\"10.0.0.2\",\"weight\":2.0,\"serviceName\":\"DEFAULT_GROUP@@svc\","
                + "\"cluster\":\"c2\",\"metadata\":{\"k\":\"v\"},\"scheduled\":false,\"period\":5000,\"stopped\":false}";
        BeatSpec beat = BeatParams.spec(RequestParams.of(Map.of("ip", "10.0.0.1", "port", "80", "beat", body)));

        assertEquals(new BeatSpec("10.0.0.2", 8080, "c2", 2.0, Map.of("k", "v"), true), beat);
    }

    @Test
    void aFullBeatWithoutClusterKeepsTheQuerysCluster() {
        BeatSpec beat = BeatParams.spec(RequestParams.of(Map.of("clusterName", "c1",
                "beat", "{\"port\":\"81\",\"ip\":\"10.0.0.2\"}")));

        assertEquals(new BeatSpec("10.0.0.2", 81, "c1", null, null, true), beat);
    }

    @Test
    void malformedBeatJsonIsRefused() {
        for (String body : new String[]{"{\"ip\":", "[1,2]", "\"text\"", "{\"ip\":\"a\",\"port\":\"x\"}"}) {
            RegistryException e = assertThrows(RegistryException.class,
                    () -> BeatParams.spec(RequestParams.of(Map.of("beat", body))), body);
            assertEquals("beat", e.param(), body);
        }
    }

    @Test
    void aPersistentBeatIsRefused() {
        RegistryException e = assertThrows(RegistryException.class, () -> BeatParams.spec(RequestParams.of(
                Map.of("beat", "{\"ip\":\"10.0.0.2\",\"port\":1,\"ephemeral\":false}"))));
        assertEquals("ephemeral", e.param());
    }
}
