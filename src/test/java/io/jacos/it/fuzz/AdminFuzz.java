package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.auth.Need;
import io.jacos.testing.ApiRoutes;
import io.jacos.testing.ApiRoutes.Route;
import io.jacos.transport.http.access.Access;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Hostile requests to every route of the admin API, read from the server's JAX-RS model ({@link ApiRoutes}), case
 * {@code i} of seed {@code s} always the same. A case fills the route's path template with known and hostile values,
 * adds query parameters the admin API reads (known, hostile, duplicated), a JSON body of the route's own fields with
 * wrong types and extra fields, odd content types and browser headers; and, unless the route needs a right no
 * caller of the run has, a poison last ({@link AdminPoisons}) that its rules refuse for certain. The cluster
 * operations are refused because the server runs standalone; a connection id is never one that is open.
 */
final class AdminFuzz {

    private static final String[] QUERY = {"namespaceId", "groupName", "search", "pageNo", "pageSize", "cluster",
            "ip", "port", "role", "username", "actions", "namespace", "serviceName"};
    private static final String[] CONTENT_TYPES = {"application/json", "application/json;charset=UTF-8",
            "application/json; charset=utf-8", "APPLICATION/JSON", "application/json;charset=US-ASCII"};
    private static final String[] ODD_CONTENT_TYPES = {"text/plain", "application/x-www-form-urlencoded",
            "application/json;charset=UTF-16", "application/json;charset=nope", "application/json;charset=",
            "application/xml", "*/*", "application/json, text/plain", "multipart/form-data; boundary=x", ";", "json"};

    private final long seed;
    private final Known known;
    private final Callers callers;
    private final List<Route> routes;

    AdminFuzz(long seed, Known known, Callers callers) {
        this.seed = seed;
        this.known = known;
        this.callers = callers;
        this.routes = ApiRoutes.all().stream().filter(r -> r.template().startsWith("/admin/"))
                .filter(r -> !r.template().equals(AuthFuzz.ADMIN_LOGIN)).toList();
        if (routes.size() < 20) {
            throw new IllegalStateException("admin routes not found: " + routes);
        }
    }

    HttpCase generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0x94D049BB133111EBL + index));
        Route route = routes.get(h.below(routes.size()));
        // What only an admin may call, no caller of an auth-on run can: there the access check alone must refuse.
        boolean adminOnly = callers.authOn() && need(route) == Need.ADMIN;
        boolean poisoned = !route.method().equals("GET") && !adminOnly;
        Map<String, String> pathValues = new LinkedHashMap<>();
        Map<String, String> query = new LinkedHashMap<>();
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        AdminPoisons.fields(route).forEach(field -> body.set(field, AdminPoisons.natural(field, known, callers, h)));
        int noise = h.below(4);
        for (int i = 0; i < noise; i++) {
            noise(query, body, h);
        }
        String label = route.method() + " " + route.template() + " noise=" + noise;
        route.path(name -> pathValues.computeIfAbsent(name, n -> pathValue(n, h)));
        String contentType = h.chance(92) ? h.pick(CONTENT_TYPES) : h.pick(ODD_CONTENT_TYPES);
        boolean twice = h.chance(5);
        byte[] bytes = written(body, twice, h);
        boolean sendsBody = route.method().equals("POST") || route.method().equals("PUT") || h.chance(3);
        if (poisoned) {
            AdminPoisons.Poisoned p = AdminPoisons.poison(route, pathValues, query, body, h);
            label += " poison=" + p.what();
            bytes = p.body() != null ? p.body() : written(body, twice, h);
            contentType = p.contentType() != null ? p.contentType() : contentType;
            sendsBody |= p.body() != null || p.contentType() != null;
        }
        String path = "/nacos" + route.path(name -> encode(pathValues.get(name)));
        List<String[]> queryList = new ArrayList<>();
        query.forEach((k, v) -> queryList.add(new String[]{k, v}));
        if (h.chance(5) && !queryList.isEmpty()) {
            queryList.add(new String[]{queryList.get(0)[0], h.text()});
        }
        List<String[]> headers = new ArrayList<>();
        if (h.chance(10)) {
            headers.add(h.chance(50) ? new String[]{"Sec-Fetch-Site", h.pick(new String[]{"same-origin", "none",
                    "cross-site", "same-site", ""})} : new String[]{"Origin", h.pick(new String[]{"null",
                    "http://127.0.0.1", "http://evil.example", "file://"})});
        }
        return new HttpCase(index, HttpCase.Kind.ADMIN, label, route.method(), path, queryList, List.of(), headers,
                sendsBody ? contentType : null, sendsBody ? bytes : null, null, poisoned || adminOnly);
    }

    private String pathValue(String name, Hostile h) {
        if (h.chance(25)) {
            return h.text();
        }
        return switch (name) {
            case "group" -> known.group(h);
            case "service" -> known.service(h);
            case "id" -> h.chance(70) ? known.namespace(h) : "fz-conn-" + h.below(100);
            case "username" -> h.pick(new String[]{"nacos", callers.userName(), "fz-nobody"});
            case "address" -> h.pick(new String[]{"127.0.0.1:1", "127.0.0.1", "localhost:8848", "[::1]:1", ":"});
            default -> "x";
        };
    }

    /** A query parameter or body field added, changed or dropped. */
    private void noise(Map<String, String> query, ObjectNode body, Hostile h) {
        if (h.chance(50)) {
            String name = h.chance(85) ? h.pick(QUERY) : h.text();
            if (h.chance(20)) {
                query.remove(name);
            } else {
                query.put(name, h.chance(40) ? AdminPoisons.knownText(name, known, callers, h) : h.text());
            }
            return;
        }
        List<String> fields = new ArrayList<>();
        body.fieldNames().forEachRemaining(fields::add);
        String field = fields.isEmpty() || h.chance(10) ? h.text() : fields.get(h.below(fields.size()));
        if (h.chance(20)) {
            body.remove(field);
        } else {
            body.set(field, GrpcFuzz.anyValue(h, 0));
        }
    }

    /** The body as sent; {@code twice}: with one of its fields (or another) given a second time, first. */
    private static byte[] written(ObjectNode body, boolean twice, Hostile h) {
        String json = body.toString();
        if (twice) {
            List<String> fields = new ArrayList<>();
            body.fieldNames().forEachRemaining(fields::add);
            String name = fields.isEmpty() ? "id" : fields.get(h.below(fields.size()));
            String first = JsonNodeFactory.instance.textNode(name) + ":" + GrpcFuzz.anyValue(h, 1);
            json = "{" + first + (fields.isEmpty() ? "" : ",") + json.substring(1);
        }
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** Every byte but the unreserved ones percent-encoded: the server decodes what the path says. */
    static String encode(String value) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-_.~".indexOf(c) >= 0)) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    static Need need(Route route) {
        Access access = route.resourceMethod().getAnnotation(Access.class);
        return (access != null ? access : route.resourceMethod().getDeclaringClass().getAnnotation(Access.class))
                .value();
    }
}
