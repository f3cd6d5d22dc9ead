package io.jacos.it.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * Hostile HTTP requests to every v1 and v2 naming endpoint and the v1 console namespaces, case {@code i} of
 * seed {@code s} always the same. A case starts from a valid request about the known services, gets noise
 * (unicode, huge, negative and non-numeric values, parameters dropped, duplicated or added, some in the form
 * body, a raw undecodable query), and, for a write, a poison last that the endpoint must refuse.
 */
final class HttpFuzz {

    /** An endpoint: how a valid request looks and which poisons it must refuse (empty for a read). */
    private record Endpoint(String method, String path, BiConsumer<Map<String, String>, Hostile> template,
                            List<String> poisons) {
        boolean write() {
            return !poisons.isEmpty();
        }
    }

    private static final String[] ODD_METHODS = {"GET", "POST", "TRACE", "OPTIONS", "FOO", "PROPFIND", "HEAD", "PATCH"};
    private static final String[] ODD_PATHS = {"/", "/nope", "/nacos", "/nacos/", "/nacos/WEB-INF/web.xml",
            "/nacos/META-INF/MANIFEST.MF", "/nacos/v1/ns/../../WEB-INF/web.xml", "/nacos/%2e%2e/%2e%2e/etc/passwd",
            "/nacos/v1/ns/instance/list/..;/x", "/nacos;jsessionid=1/v1/ns/instance/list", "/nacos/v1/%c0%ae/x",
            "/nacos/v1/ns/instance%00", "/nacos/v2/ns/\u00e9", "/nacos/admin/nope", "/nacos/v3/x", "/nacos/console/x",
            "/nacos/v1/ns/operator/../../../x", "//nacos//v1//ns//instance", "/nacos/v1/ns/instance/list/",
            "/nacos/actuator/x", "/nacos/prometheus/namespaceId/%zz", "/nacos/error-page", "/health/nope",
            "/openapi/x", "/resources/x", "/asadmin", "/nacos/v1/cs/configs"};
    private static final List<String> NAMES = List.of("serviceName", "groupName", "namespaceId");
    private static final List<String> INSTANCE = List.of("serviceName", "groupName", "namespaceId", "ip", "port",
            "port-text", "weight", "weight-text", "clusterName");

    private final long seed;
    private final Known known;
    private final List<Endpoint> endpoints;

    HttpFuzz(long seed, Known known) {
        this.seed = seed;
        this.known = known;
        this.endpoints = endpoints();
    }

    private List<Endpoint> endpoints() {
        List<Endpoint> list = new ArrayList<>();
        for (String v : List.of("v1", "v2")) {
            String ns = "/nacos/" + v + "/ns";
            list.add(new Endpoint("POST", ns + "/instance", this::instance, INSTANCE));
            list.add(new Endpoint("PUT", ns + "/instance", this::instance, INSTANCE));
            list.add(new Endpoint("DELETE", ns + "/instance", this::instance, NAMES));
            list.add(new Endpoint("GET", ns + "/instance", this::instance, List.of()));
            list.add(new Endpoint("GET", ns + "/instance/list", this::service, List.of()));
            list.add(new Endpoint("PUT", ns + "/instance/beat", this::beat, concat(NAMES, "beat")));
            list.add(new Endpoint("POST", ns + "/service", this::serviceSettings, concat(NAMES, "protectThreshold",
                    "selector")));
            list.add(new Endpoint("PUT", ns + "/service", this::serviceSettings, concat(NAMES, "protectThreshold",
                    "selector")));
            list.add(new Endpoint("DELETE", ns + "/service", this::service, NAMES));
            list.add(new Endpoint("GET", ns + "/service", this::service, List.of()));
            list.add(new Endpoint("GET", ns + "/service/list", this::page, List.of()));
        }
        list.add(new Endpoint("PUT", "/nacos/v1/ns/cluster", this::cluster, concat(NAMES, "healthChecker",
                "clusterName", "checkPort")));
        list.add(new Endpoint("PUT", "/nacos/v1/ns/health/instance", this::health, concat(NAMES, "port-text")));
        list.add(new Endpoint("PUT", "/nacos/v1/ns/health", this::health, concat(NAMES, "port-text")));
        for (String op : List.of("metrics", "switches", "servers", "push/state")) {
            list.add(new Endpoint("GET", "/nacos/v1/ns/operator/" + op, this::service, List.of()));
        }
        list.add(new Endpoint("GET", "/nacos/v1/ns/cluster/list", this::service, List.of()));
        list.add(new Endpoint("GET", "/nacos/v1/console/namespaces", (p, h) -> p.put("namespaceId",
                known.namespace(h)), List.of()));
        list.add(new Endpoint("POST", "/nacos/v1/console/namespaces", (p, h) -> {
            p.put("customNamespaceId", "fz" + h.below(1000));
            p.put("namespaceName", "fz");
        }, List.of("customNamespaceId", "namespaceName")));
        list.add(new Endpoint("PUT", "/nacos/v1/console/namespaces", (p, h) -> {
            p.put("namespace", known.namespace(h));
            p.put("namespaceShowName", "renamed");
        }, List.of("namespace", "namespaceShowName")));
        list.add(new Endpoint("DELETE", "/nacos/v1/console/namespaces", (p, h) -> p.put("namespaceId",
                known.namespace(h)), List.of("namespaceId")));
        list.add(new Endpoint("GET", "/nacos/v1/core/cluster/nodes", (p, h) -> { }, List.of()));
        return List.copyOf(list);
    }

    private static List<String> concat(List<String> a, String... more) {
        List<String> all = new ArrayList<>(a);
        all.addAll(List.of(more));
        return all;
    }

    private void service(Map<String, String> p, Hostile h) {
        p.put("namespaceId", known.namespace(h));
        p.put("groupName", known.group(h));
        p.put("serviceName", known.service(h));
    }

    private void instance(Map<String, String> p, Hostile h) {
        service(p, h);
        p.put("ip", known.ip(h));
        p.put("port", Integer.toString(known.port(h)));
        p.put("weight", "1.0");
        p.put("ephemeral", Boolean.toString(h.chance(50)));
        p.put("clusterName", "DEFAULT");
        p.put("metadata", "{\"version\":\"1\"}");
    }

    private void beat(Map<String, String> p, Hostile h) {
        service(p, h);
        p.put("beat", "{\"ip\":\"" + known.ip(h) + "\",\"port\":" + known.port(h) + ",\"cluster\":\"DEFAULT\","
                + "\"serviceName\":\"" + p.get("groupName") + "@@" + p.get("serviceName") + "\",\"weight\":1}");
    }

    private void serviceSettings(Map<String, String> p, Hostile h) {
        service(p, h);
        p.put("protectThreshold", "0.5");
        p.put("metadata", "{\"k\":\"v\"}");
        p.put("selector", "{\"type\":\"none\"}");
    }

    private void page(Map<String, String> p, Hostile h) {
        p.put("namespaceId", known.namespace(h));
        p.put("groupName", known.group(h));
        p.put("pageNo", "1");
        p.put("pageSize", "10");
    }

    private void cluster(Map<String, String> p, Hostile h) {
        service(p, h);
        p.put("clusterName", "DEFAULT");
        p.put("checkPort", "80");
        p.put("useInstancePort4Check", "true");
        p.put("healthChecker", "{\"type\":\"TCP\"}");
    }

    private void health(Map<String, String> p, Hostile h) {
        service(p, h);
        p.put("ip", known.ip(h));
        p.put("port", Integer.toString(known.port(h)));
        p.put("healthy", "false");
    }

    HttpCase generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0xBF58476D1CE4E5B9L + index));
        Endpoint endpoint = endpoints.get(h.below(endpoints.size()));
        Map<String, String> params = new java.util.LinkedHashMap<>();
        endpoint.template().accept(params, h);
        int noise = h.below(4);
        for (int i = 0; i < noise; i++) {
            noise(params, h);
        }
        String label = endpoint.method() + " " + endpoint.path() + " noise=" + noise;
        if (endpoint.write()) {
            String poison = endpoint.poisons().get(h.below(endpoint.poisons().size()));
            HttpPoisons.poison(params, poison, h);
            label += " poison=" + poison;
        }
        List<String[]> query = new ArrayList<>();
        List<String[]> form = new ArrayList<>();
        boolean inForm = !"GET".equals(endpoint.method()) && h.chance(30);
        params.forEach((k, v) -> (inForm && h.chance(70) ? form : query).add(new String[]{k, v}));
        if (h.chance(5) && !query.isEmpty()) {
            String[] dup = query.get(h.below(query.size()));
            query.add(new String[]{dup[0], h.text()});
        }
        String raw = h.chance(3) ? h.pick(new String[]{"%zz", "%", "a=%E0%A4%A", "%00=%00", "&&&==", "a=%uD800"}) : null;
        if (h.chance(2)) {
            // Paths and methods around and outside the API: the container's own error handling answers these.
            return new HttpCase(index, HttpCase.Kind.RAW_PATH, "raw path", h.pick(ODD_METHODS), h.pick(ODD_PATHS),
                    List.of(), List.of(), List.of(), null, null, h.chance(50) ? "" : "a=1", false);
        }
        return new HttpCase(index, HttpCase.Kind.NAMING, label, endpoint.method(), endpoint.path(), query, form,
                List.of(), null, null, raw, endpoint.write());
    }

    private static void noise(Map<String, String> params, Hostile h) {
        noise(params, h, "f" + h.below(9));
    }

    /** A parameter added (named {@code addedName} or random), removed, or given a random value. */
    static void noise(Map<String, String> params, Hostile h, String addedName) {
        List<String> keys = new ArrayList<>(params.keySet());
        if (keys.isEmpty() || h.chance(15)) {
            params.put(h.chance(50) ? h.text() : addedName, h.text());
            return;
        }
        String key = keys.get(h.below(keys.size()));
        if (h.chance(25)) {
            params.remove(key);
        } else {
            params.put(key, h.chance(30) ? Long.toString(h.number()) : h.text());
        }
    }
}
