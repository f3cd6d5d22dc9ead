package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.testing.ApiRoutes.Route;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The admin routes' own request fields, with valid values to start from, and the last step of a case that could
 * change something: a poison its route refuses for certain. A body route gets a body its JSON reading refuses (an
 * unknown field, a field of a type no coercion takes, broken JSON, not an object, a media type or charset it does
 * not take, over the size limit); a route without a body names what does not exist (a namespace, service, user or
 * role). A connection id is never an open one and the cluster operations are refused on a standalone server, so
 * those need nothing more.
 */
final class AdminPoisons {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Map<String, List<String>> FIELDS = Map.of(
            "POST /admin/namespaces", List.of("id", "name", "description"),
            "PUT /admin/namespaces/{id}", List.of("name", "description"),
            "PUT /admin/services/{group}/{service}", List.of("protectThreshold", "metadata", "selector"),
            "PUT /admin/services/{group}/{service}/instances", List.of("weight", "enabled", "metadata"),
            "POST /admin/users", List.of("username", "password"),
            "PUT /admin/users/{username}/password", List.of("password"),
            "POST /admin/roles", List.of("role", "username"),
            "POST /admin/permissions", List.of("role", "namespaceId", "actions"),
            "POST /admin/connections/{id}/reset", List.of("target"),
            "PUT /admin/configs/{group}/{dataId}", List.of("content", "type", "desc", "tags", "appName", "casMd5"));

    record Poisoned(String what, String contentType, byte[] body) {
    }

    private AdminPoisons() {
    }

    static List<String> fields(Route route) {
        return FIELDS.getOrDefault(key(route), List.of());
    }

    /** A valid value for a body field. */
    static JsonNode natural(String field, Known known, Callers callers, Hostile h) {
        return switch (field) {
            case "protectThreshold" -> NODES.numberNode(0.5);
            case "weight" -> NODES.numberNode(2.0);
            case "enabled" -> NODES.booleanNode(h.chance(50));
            case "metadata" -> NODES.objectNode().put("k", "v");
            case "selector" -> NODES.objectNode().put("type", "none");
            case "actions" -> NODES.arrayNode().add("READ").add("WRITE");
            case "password" -> NODES.textNode("fz-Password-" + h.below(1000));
            case "target" -> NODES.textNode("127.0.0.1:" + (1 + h.below(65535)));
            case "id" -> NODES.textNode(h.chance(50) ? known.namespace(h) : "fz" + h.below(1000));
            default -> NODES.textNode(knownText(field, known, callers, h));
        };
    }

    /** A known, valid value for a parameter the admin API reads. */
    static String knownText(String name, Known known, Callers callers, Hostile h) {
        return switch (name) {
            case "namespaceId", "namespace" -> known.namespace(h);
            case "groupName" -> known.group(h);
            case "serviceName" -> known.service(h);
            case "pageNo" -> "1";
            case "pageSize" -> "10";
            case "cluster" -> "DEFAULT";
            case "ip" -> known.ip(h);
            case "port" -> Integer.toString(known.port(h));
            case "role" -> h.chance(50) ? "ROLE_ADMIN" : callers.roleName();
            case "username" -> h.chance(50) ? "nacos" : callers.userName();
            case "actions" -> "READ,WRITE";
            default -> "fz-" + name;
        };
    }

    static Poisoned poison(Route route, Map<String, String> path, Map<String, String> query, ObjectNode body,
                           Hostile h) {
        String unknown = "fz-none-" + h.below(1_000_000);
        switch (key(route)) {
            case "DELETE /admin/namespaces/{id}" -> path.put("id", unknown);
            case "DELETE /admin/services/{group}/{service}" -> path.put("service", unknown);
            case "DELETE /admin/configs/{group}/{dataId}" -> path.put("dataId", unknown);
            case "DELETE /admin/users/{username}" -> path.put("username", unknown);
            case "DELETE /admin/roles", "DELETE /admin/permissions" -> query.put("role", unknown);
            case "POST /admin/connections/{id}/reset" -> {
                return new Poisoned("no-such-connection", null, null);
            }
            default -> {
                if (route.template().startsWith("/admin/cluster")) {
                    return new Poisoned("standalone", null, null);
                }
                return body(route, body, h);
            }
        }
        return new Poisoned("unknown-" + route.template().replaceAll(".*/", ""), null, null);
    }

    private static Poisoned body(Route route, ObjectNode body, Hostile h) {
        List<String> fields = fields(route);
        int choice = h.below(50) == 0 ? 6 : h.below(6);
        switch (choice) {
            case 0 -> body.put("fz" + h.below(1000), 1);
            case 1 -> {
                if (fields.isEmpty()) {
                    body.put("fz" + h.below(1000), 1);
                } else {
                    body.set(fields.get(h.below(fields.size())), unreadable());
                    return new Poisoned("wrong-type", null, body.toString().getBytes(StandardCharsets.UTF_8));
                }
            }
            case 2 -> {
                String json = body.toString();
                return new Poisoned("broken-json", null, (h.chance(50) ? json.substring(0, h.below(json.length()))
                        : h.pick(new String[]{",", "]", "}", ":", "'"}) + json).getBytes(StandardCharsets.UTF_8));
            }
            case 3 -> {
                return new Poisoned("not-an-object", null, h.pick(new String[]{"[]", "\"x\"", "null", "42", "true",
                        "[{}]"}).getBytes(StandardCharsets.UTF_8));
            }
            case 4 -> {
                return new Poisoned("media-type", h.pick(new String[]{"text/plain", "application/xml",
                        "application/x-www-form-urlencoded"}), null);
            }
            case 5 -> {
                return new Poisoned("charset", "application/json;charset=UTF-16",
                        body.toString().getBytes(StandardCharsets.UTF_16));
            }
            default -> {
                return new Poisoned("oversized", null, ("{\"pad\":\"" + "p".repeat(1024 * 1024) + "\"}")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        return new Poisoned("unknown-field", null, body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** {@code [[1],{"x":[]}]}: refused by every type a field of the admin bodies has (text, number, boolean, map, list, record). */
    private static JsonNode unreadable() {
        var value = NODES.arrayNode();
        value.addArray().add(1);
        value.addObject().putArray("x");
        return value;
    }

    private static String key(Route route) {
        return route.method() + " " + route.template();
    }
}
