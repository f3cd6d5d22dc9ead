package io.jacos.it.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Hostile HTTP requests to every v1 and v2 configuration endpoint, case {@code i} of seed {@code s} always the
 * same: content, details, searches, publish and removal, the 1.x long poll, and the history. A case starts from a
 * valid request about the known configurations ({@link HttpConfigTemplates}), gets noise (unicode, huge, negative
 * and non-numeric values, parameters dropped, duplicated or added, some in the form body, a raw undecodable
 * query), and, for a write, a poison last ({@link HttpConfigPoisons}) that the endpoint must refuse. A long poll
 * always asks to be answered at once, so no case waits for a change that never comes.
 */
final class HttpConfigFuzz {

    /** An endpoint: its namespace parameter, how a valid request looks, and the poisons it must refuse. */
    private record Endpoint(String method, String path, String namespaceParam, Template template,
                            List<String> poisons) {
        boolean write() {
            return !poisons.isEmpty();
        }
    }

    @FunctionalInterface
    private interface Template {
        void fill(HttpConfigTemplates t, Map<String, String> params, String namespaceParam, Hostile h);
    }

    private static final List<String> REMOVE = List.of("dataId", "group", "namespace", "no-dataId", "no-group",
            "tag");
    private static final List<String> PUBLISH = List.of("dataId", "group", "namespace", "no-dataId", "no-group",
            "tag", "betaIps", "no-content", "content-huge", "cas", "cas", "type", "appName");
    private static final List<Endpoint> ENDPOINTS = endpoints();

    private final long seed;
    private final Known known;
    private final HttpConfigTemplates templates;

    HttpConfigFuzz(long seed, Known known) {
        this.seed = seed;
        this.known = known;
        this.templates = new HttpConfigTemplates(known);
    }

    private static List<Endpoint> endpoints() {
        List<Endpoint> list = new ArrayList<>();
        String v1 = "/nacos/v1/cs/configs";
        list.add(new Endpoint("GET", v1, "tenant", HttpConfigTemplates::ref, List.of()));
        list.add(new Endpoint("GET", v1, "tenant", HttpConfigTemplates::details, List.of()));
        list.add(new Endpoint("GET", v1, "tenant", HttpConfigTemplates::search, List.of()));
        list.add(new Endpoint("POST", v1, "tenant", HttpConfigTemplates::publish, PUBLISH));
        list.add(new Endpoint("DELETE", v1, "tenant", HttpConfigTemplates::ref, REMOVE));
        list.add(new Endpoint("POST", v1 + "/listener", "tenant", HttpConfigTemplates::listening, List.of()));
        list.add(new Endpoint("POST", v1 + "/listener", "tenant", HttpConfigTemplates::listening, List.of()));
        list.add(new Endpoint("GET", "/nacos/v1/cs/history", "tenant", HttpConfigTemplates::history, List.of()));
        list.add(new Endpoint("GET", "/nacos/v1/cs/history", "tenant", HttpConfigTemplates::change, List.of()));
        String v2 = "/nacos/v2/cs/config";
        list.add(new Endpoint("GET", v2, "namespaceId", HttpConfigTemplates::ref, List.of()));
        list.add(new Endpoint("POST", v2, "namespaceId", HttpConfigTemplates::publish, PUBLISH));
        list.add(new Endpoint("DELETE", v2, "namespaceId", HttpConfigTemplates::ref, REMOVE));
        list.add(new Endpoint("GET", "/nacos/v2/cs/history/list", "namespaceId", HttpConfigTemplates::history,
                List.of()));
        list.add(new Endpoint("GET", "/nacos/v2/cs/history", "namespaceId", HttpConfigTemplates::change,
                List.of()));
        for (String[] v : new String[][]{{"/nacos/v1/cs/history", "tenant"}, {"/nacos/v2/cs/history",
                "namespaceId"}}) {
            list.add(new Endpoint("GET", v[0] + "/previous", v[1], HttpConfigTemplates::previous, List.of()));
            list.add(new Endpoint("GET", v[0] + "/configs", v[1], HttpConfigTemplates::namespace, List.of()));
        }
        return List.copyOf(list);
    }

    HttpCase generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0x9FB21C651E98DF25L + index));
        Endpoint endpoint = ENDPOINTS.get(h.below(ENDPOINTS.size()));
        Map<String, String> params = new LinkedHashMap<>();
        endpoint.template().fill(templates, params, endpoint.namespaceParam(), h);
        int noise = h.below(4);
        for (int i = 0; i < noise; i++) {
            noise(params, h);
        }
        List<String[]> headers = new ArrayList<>();
        if (endpoint.path().endsWith("/listener")) {
            templates.pollHeaders(headers, h);
        } else if (endpoint.write() && endpoint.method().equals("POST") && h.chance(20)) {
            // A client's plain publish: the header there, and empty.
            headers.add(new String[]{h.chance(50) ? "casMd5" : "betaIps", ""});
        }
        String label = endpoint.method() + " " + endpoint.path() + " noise=" + noise;
        boolean mustRefuse = endpoint.write();
        if (endpoint.write()) {
            String poison = endpoint.poisons().get(h.below(endpoint.poisons().size()));
            String applied = HttpConfigPoisons.poison(params, headers, endpoint.namespaceParam(), poison, h, known);
            label += " poison=" + applied;
            mustRefuse = !applied.startsWith(GrpcConfigPoisons.GRAY);
        }
        List<String[]> query = new ArrayList<>();
        List<String[]> form = new ArrayList<>();
        // As the clients send them: a form body, in which the long values go; a few in the query.
        boolean body = !"GET".equals(endpoint.method());
        boolean inForm = body && h.chance(80);
        params.forEach((k, v) -> ((body && v.length() > 2000) || (inForm && h.chance(80)) ? form : query)
                .add(new String[]{k, v}));
        if (h.chance(5) && !query.isEmpty()) {
            String[] dup = query.get(h.below(query.size()));
            query.add(new String[]{dup[0], h.text()});
        }
        String raw = h.chance(3) ? h.pick(new String[]{"%zz", "%", "dataId=%E0%A4%A", "%00=%00", "&&&==",
                "tenant=%uD800"}) : null;
        return new HttpCase(index, HttpCase.Kind.CONFIG, label, endpoint.method(), endpoint.path(), query, form,
                headers, null, null, raw, mustRefuse);
    }

    private static void noise(Map<String, String> params, Hostile h) {
        HttpFuzz.noise(params, h, h.pick(new String[]{"type", "appName", "desc", "config_tags", "encryptedDataKey",
                "search", "show", "pageNo", "pageSize", "nid", "id"}));
    }
}
