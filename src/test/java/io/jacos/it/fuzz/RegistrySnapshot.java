package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The registry's content as the admin API and the Prometheus endpoints show it, in a form two snapshots can be
 * compared by: every catalogued namespace (id, name, description, counts), each one's services (settings,
 * metadata, selector, clusters and their health checks) and instances (every field but times), the
 * Prometheus service-discovery targets of every namespace (which include namespaces only gRPC clients used)
 * and the service and instance totals the metrics count over all namespaces. Subscriber counts are kept or
 * left out as asked: the fuzz connections subscribe while they are open.
 */
public final class RegistrySnapshot {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Fields that change with time alone, not with what clients did. */
    private static final Pattern VOLATILE = Pattern.compile("(?i).*(time|beat|millis|age|since|refresh).*");
    private static final Pattern TOTALS = Pattern.compile("(?m)^jacos_(services|instances)\\s+(\\S+)$");

    private RegistrySnapshot() {
    }

    /** As the user of {@code token} on a server with auth on (an admin sees everything); null with auth off. */
    public static Map<String, JsonNode> take(String serverAddr, boolean withSubscribers, String token) {
        JsonHttp http = new JsonHttp(serverAddr, token);
        Map<String, JsonNode> snapshot = new TreeMap<>();
        JsonNode namespaces = data(http, "/nacos/admin/namespaces");
        snapshot.put("namespaces", namespaces);
        for (JsonNode ns : namespaces) {
            String id = ns.path("id").asText(ns.path("namespaceId").asText());
            JsonNode services = data(http, "/nacos/admin/services?pageSize=500&namespaceId=" + enc(id));
            for (JsonNode service : services.path("services")) {
                String path = "/nacos/admin/services/" + enc(service.path("groupName").asText()) + "/"
                        + enc(service.path("name").asText());
                String key = id + "/" + service.path("groupName").asText() + "/" + service.path("name").asText();
                snapshot.put(key, data(http, path + "?namespaceId=" + enc(id)));
                snapshot.put(key + "/instances", data(http, path + "/instances?namespaceId=" + enc(id)));
            }
            snapshot.put(id + "/services", services);
        }
        NacosHttp.Answer targets = http.get("/nacos/prometheus");
        if (targets.status() != 200) {
            throw new AssertionError("snapshot: /nacos/prometheus answered " + targets);
        }
        snapshot.put("prometheus-sd", sortedTargets(parse(targets)));
        NacosHttp.Answer metrics = http.get("/nacos/actuator/prometheus");
        ObjectNode totals = JSON.createObjectNode();
        var matcher = TOTALS.matcher(metrics.body());
        while (matcher.find()) {
            totals.put(matcher.group(1), matcher.group(2));
        }
        snapshot.put("totals", totals);
        snapshot.replaceAll((k, v) -> stripped(v.deepCopy(), withSubscribers));
        return snapshot;
    }

    /** What differs between two snapshots, entry by entry; empty when they are equal. */
    public static String diff(Map<String, JsonNode> before, Map<String, JsonNode> after) {
        StringBuilder out = new StringBuilder();
        java.util.Set<String> keys = new java.util.TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        for (String key : keys) {
            JsonNode a = before.get(key);
            JsonNode b = after.get(key);
            if (!java.util.Objects.equals(a, b)) {
                out.append("\n  ").append(key).append(": before ").append(cut(a)).append("\n    after ").append(cut(b));
            }
        }
        return out.toString();
    }

    private static String cut(JsonNode node) {
        String s = String.valueOf(node);
        return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
    }

    private static JsonNode data(JsonHttp http, String path) {
        NacosHttp.Answer answer = http.get(path);
        if (answer.status() != 200) {
            throw new AssertionError("snapshot: " + path + " answered " + answer);
        }
        return parse(answer).path("data");
    }

    private static JsonNode parse(NacosHttp.Answer answer) {
        try {
            return JSON.readTree(answer.body());
        } catch (java.io.IOException e) {
            throw new AssertionError("snapshot: not JSON: " + answer, e);
        }
    }

    private static JsonNode sortedTargets(JsonNode targets) {
        List<String> all = new ArrayList<>();
        targets.forEach(t -> all.add(t.toString()));
        all.sort(String::compareTo);
        var array = JSON.createArrayNode();
        all.forEach(array::add);
        return array;
    }

    private static JsonNode stripped(JsonNode node, boolean withSubscribers) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (VOLATILE.matcher(field.getKey()).matches()
                        || (!withSubscribers && field.getKey().toLowerCase().contains("subscriber"))) {
                    fields.remove();
                } else {
                    stripped(field.getValue(), withSubscribers);
                }
            }
        } else if (node.isArray()) {
            node.forEach(n -> stripped(n, withSubscribers));
        }
        return node;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
