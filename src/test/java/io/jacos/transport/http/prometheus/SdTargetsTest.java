package io.jacos.transport.http.prometheus;

import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Instances as Prometheus HTTP SD target groups. */
class SdTargetsTest {

    private static final ServiceKey WEB = new ServiceKey("ns1", "DEFAULT_GROUP", "web");
    private static final ServiceKey API = new ServiceKey("ns1", "G", "api");

    private static Instance instance(ServiceKey service, String ip, int port, String cluster, boolean healthy,
                                     Map<String, String> metadata) {
        return new Instance(Instance.simpleId(ip, port, cluster, service), ip, port, 1.0, healthy, true, true,
                cluster, metadata);
    }

    private static ServiceView view(ServiceKey key, Instance... instances) {
        return new ServiceView(key, 1, 1, true, ServiceMeta.DEFAULT, List.of(instances));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> labels(Map<String, Object> group) {
        return (Map<String, String>) group.get("labels");
    }

    @Test
    void oneGroupPerInstanceWithNacosLabelsAndWhereItLives() {
        List<Map<String, Object>> groups = SdTargets.render(List.of(
                view(WEB, instance(WEB, "10.0.0.2", 80, "c1", false, Map.of("version", "1.0"))),
                view(API, instance(API, "10.0.0.1", 81, "DEFAULT", true, Map.of()))));

        assertEquals(2, groups.size());
        assertEquals(List.of("10.0.0.1:81"), groups.get(1).get("targets"), "sorted by group: G after DEFAULT_GROUP");
        Map<String, String> web = labels(groups.get(0));
        assertEquals(List.of("10.0.0.2:80"), groups.get(0).get("targets"));
        assertEquals("c1", web.get("__meta_clusterName"));
        assertEquals("1.0", web.get("version"));
        assertEquals("ns1", web.get("__meta_nacos_namespace"));
        assertEquals("DEFAULT_GROUP", web.get("__meta_nacos_group"));
        assertEquals("web", web.get("__meta_nacos_service"));
        assertEquals("false", web.get("__meta_nacos_healthy"), "unhealthy instances are listed, marked");
        assertEquals("true", web.get("__meta_nacos_enabled"));
        assertEquals("true", web.get("__meta_nacos_ephemeral"));
    }

    @Test
    void metadataKeysBecomeValidLabelNamesAndReservedOnesAreDropped() {
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("app.name", "shop");
        metadata.put("team-owner", "pay");
        metadata.put("9lives", "cat");
        metadata.put("a b/c", "x");
        metadata.put("__address__", "evil:1");
        metadata.put("__meta_clusterName", "spoofed");
        Map<String, String> labels = labels(SdTargets.render(List.of(
                view(WEB, instance(WEB, "10.0.0.3", 80, "c1", true, metadata)))).get(0));

        assertEquals("shop", labels.get("app_name"));
        assertEquals("pay", labels.get("team_owner"));
        assertEquals("cat", labels.get("_9lives"));
        assertEquals("x", labels.get("a_b_c"));
        assertNull(labels.get("__address__"), "a client may not redirect the scrape");
        assertEquals("c1", labels.get("__meta_clusterName"), "nor overwrite a discovery label");
        assertFalse(labels.containsValue("evil:1"));
    }

    @Test
    void ipv6TargetsAreBracketed() {
        Instance v6 = instance(WEB, "fe80::1", 8080, "DEFAULT", true, Map.of());
        assertEquals(List.of("[fe80::1]:8080"), SdTargets.render(List.of(view(WEB, v6))).get(0).get("targets"));
    }

    @Test
    void noViewsNoGroups() {
        assertEquals(List.of(), SdTargets.render(List.of()));
    }
}
