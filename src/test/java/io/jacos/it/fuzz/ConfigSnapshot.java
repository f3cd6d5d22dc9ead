package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configurations as the admin reads them, in a form two snapshots compare by: in every catalogued namespace
 * and in {@link KnownConfigs#GHOST}, every configuration as the search lists it (content and md5 included), its
 * details ({@code show=all}: times, who wrote it last) and its whole history; and from the metrics the number stored
 * over all namespaces (which counts namespaces no one names too) and the number of changes the server took in,
 * so a write that was undone again still shows. No field is left out: a refused write changes none of them, and
 * neither does a gray release, whose own history entries are left out (it must never change a formal version). The
 * listener counts only when asked, since the fuzz connections listen while they are open.
 */
final class ConfigSnapshot {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PAGE = 500;
    private static final Pattern METRICS = Pattern.compile(
            "(?m)^(jacos_configs|jacos_config_changes_total|jacos_config_listeners\\{[^}]*})\\s+(\\S+)$");

    private ConfigSnapshot() {
    }

    /** As the admin of {@code token} on a server with auth on; null with auth off. */
    static Map<String, JsonNode> take(String serverAddr, boolean withListeners, String token) {
        JsonHttp http = new JsonHttp(serverAddr, token);
        Map<String, JsonNode> snapshot = new TreeMap<>();
        Set<String> namespaces = new LinkedHashSet<>();
        for (JsonNode ns : json(http, "/nacos/admin/namespaces").path("data")) {
            namespaces.add(ns.path("id").asText(ns.path("namespaceId").asText()));
        }
        namespaces.add(KnownConfigs.GHOST);
        for (String ns : namespaces) {
            JsonNode page = json(http, "/nacos/v1/cs/configs?search=blur&dataId=*&group=*&pageNo=1&pageSize=" + PAGE
                    + "&tenant=" + enc(ns));
            if (page.path("totalCount").asLong() > PAGE) {
                throw new AssertionError("snapshot: more configurations in " + ns + " than one page: " + page);
            }
            snapshot.put("config/" + ns, sorted(page.path("pageItems")));
            for (JsonNode item : page.path("pageItems")) {
                String ref = "&tenant=" + enc(ns) + "&group=" + enc(item.path("group").asText()) + "&dataId="
                        + enc(item.path("dataId").asText());
                String key = "config/" + ns + "/" + item.path("group").asText() + "/" + item.path("dataId").asText();
                snapshot.put(key, json(http, "/nacos/v1/cs/configs?show=all" + ref));
                snapshot.put(key + "/history", formal(json(http, "/nacos/v1/cs/history?search=accurate&pageNo=1"
                        + "&pageSize=" + PAGE + ref)));
            }
        }
        snapshot.put("config-metrics", metrics(http, withListeners));
        return snapshot;
    }

    /**
     * The history's formal changes only: a gray release (accepted when its rule is valid) adds gray entries, and
     * must never add a formal one.
     */
    private static JsonNode formal(JsonNode history) {
        ArrayNode formal = JSON.createArrayNode();
        history.path("pageItems").forEach(item -> {
            if (!"gray".equals(item.path("publishType").asText())) {
                formal.add(item);
            }
        });
        if (history.path("totalCount").asLong() > PAGE) {
            throw new AssertionError("snapshot: a history longer than one page: " + history.path("totalCount"));
        }
        return formal;
    }

    private static JsonNode metrics(JsonHttp http, boolean withListeners) {
        NacosHttp.Answer scrape = http.get("/nacos/actuator/prometheus");
        if (scrape.status() != 200) {
            throw new AssertionError("snapshot: /nacos/actuator/prometheus answered " + scrape);
        }
        ObjectNode metrics = JSON.createObjectNode();
        Matcher matcher = METRICS.matcher(scrape.body());
        while (matcher.find()) {
            if (withListeners || !matcher.group(1).startsWith("jacos_config_listeners")) {
                metrics.put(matcher.group(1), matcher.group(2));
            }
        }
        if (!metrics.has("jacos_configs") || !metrics.has("jacos_config_changes_total")) {
            throw new AssertionError("snapshot: no configuration metrics in the scrape: " + metrics);
        }
        return metrics;
    }

    private static JsonNode json(JsonHttp http, String path) {
        NacosHttp.Answer answer = http.get(path);
        if (answer.status() != 200) {
            throw new AssertionError("snapshot: " + path + " answered " + answer);
        }
        try {
            return JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new AssertionError("snapshot: not JSON: " + answer, e);
        }
    }

    private static JsonNode sorted(JsonNode items) {
        List<JsonNode> all = new ArrayList<>();
        items.forEach(all::add);
        all.sort(Comparator.comparing(JsonNode::toString));
        ArrayNode array = JSON.createArrayNode();
        all.forEach(array::add);
        return array;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
