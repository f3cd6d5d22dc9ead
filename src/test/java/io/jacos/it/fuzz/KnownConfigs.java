package io.jacos.it.fuzz;

import io.jacos.it.support.NacosHttp;
import io.jacos.model.ConfigEntry;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The configurations a fuzz run starts from: each data id in every known namespace and group, published twice so
 * that each has a history of two changes (the history endpoints then have entries to find). {@link #GHOST} is a
 * namespace no one created, which the generators name too: a configuration API takes any well-formed namespace,
 * so a write that slipped through there must show as well.
 */
final class KnownConfigs {

    static final List<String> DATA_IDS = List.of("fuzz-a.properties", "fuzz-b.yaml");
    static final String GHOST = "fuzz-ghost";
    static final String FIRST = "k=0";
    static final String CONTENT = "k=1";
    /** The md5 every known configuration holds. */
    static final String MD5 = ConfigEntry.md5Of(CONTENT);

    private KnownConfigs() {
    }

    /** Publishes the known configurations as the admin ({@code adminToken} null with auth off). */
    static void publish(NacosHttp http, String adminToken, List<String> namespaces, List<String> groups) {
        for (String ns : namespaces) {
            for (String group : groups) {
                for (String dataId : DATA_IDS) {
                    for (String content : List.of(FIRST, CONTENT)) {
                        Map<String, String> params = new HashMap<>(Map.of("namespaceId", ns, "group", group,
                                "dataId", dataId, "content", content, "type", "properties", "appName", "fuzz"));
                        if (adminToken != null) {
                            params.put("accessToken", adminToken);
                        }
                        NacosHttp.Answer answer = http.call("POST", "/nacos/v2/cs/config", Map.of(), params);
                        assertEquals(200, answer.status(), answer.toString());
                    }
                }
            }
        }
    }
}
