package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;

/**
 * The last step of a gRPC case that could write: a broken body, a value no Jackson coercion takes, or a value a
 * field's rule refuses, applied after the noise so that nothing undoes it.
 */
final class GrpcPoisons {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private GrpcPoisons() {
    }

    record Poisoned(String what, byte[] bytes) {
    }

    /**
     * Makes the request invalid for certain. What a deregister ignores (the address) is poisoned only for a
     * register; names, structure and the body itself are refused whatever the type.
     */
    static Poisoned poison(String type, ObjectNode body, Hostile h) {
        String op = body.path("type").isTextual() ? body.path("type").asText() : "";
        boolean register = op.equals("registerInstance") || op.equals("batchRegisterInstance");
        int choice = h.below(register ? 12 : 7);
        switch (choice) {
            case 0 -> {
                return new Poisoned("broken-json", broken(body.toString(), h));
            }
            case 1 -> {
                return new Poisoned("not-json", h.randomCodePoints(1 + h.below(50)).getBytes(StandardCharsets.UTF_8));
            }
            case 2 -> body.put("serviceName", h.poisonServiceName(body.path("serviceName").asText("svc")));
            case 3 -> body.put("groupName", h.poisonGroup());
            case 4 -> body.put("namespace", h.poisonNamespace());
            case 5 -> body.set(h.pick(new String[]{"serviceName", "namespace", "groupName"}), h.chance(50)
                    ? NODES.objectNode().put("a", 1) : NODES.arrayNode().add("x"));
            case 6 -> {
                if (h.chance(50)) {
                    body.remove("serviceName");
                } else {
                    body.putNull("serviceName");
                }
                return new Poisoned("no-service", body.toString().getBytes(StandardCharsets.UTF_8));
            }
            default -> {
                return poisonInstance(type, body, h, choice);
            }
        }
        return new Poisoned("rule-" + choice, body.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static Poisoned poisonInstance(String type, ObjectNode body, Hostile h, int choice) {
        ObjectNode instance;
        if ("BatchInstanceRequest".equals(type)) {
            ArrayNode list = body.path("instances").isArray() ? (ArrayNode) body.get("instances") : body.putArray("instances");
            instance = NODES.objectNode().put("ip", "10.9.9.9").put("port", 1);
            list.insert(h.below(list.size() + 1), instance);
        } else {
            instance = NODES.objectNode().put("ip", "10.9.9.9").put("port", 1);
            JsonNode old = body.get("instance");
            if (old != null && old.isObject()) {
                instance = (ObjectNode) old;
            }
            body.set("instance", instance);
        }
        String what;
        switch (choice) {
            case 7 -> {
                instance.put("port", h.poisonPort());
                what = "port";
            }
            case 8 -> {
                instance.put("ip", h.poisonIp());
                what = "ip";
            }
            case 9 -> {
                instance.put("weight", h.poisonWeight());
                what = "weight";
            }
            case 10 -> {
                instance.put("clusterName", h.poisonCluster());
                what = "cluster";
            }
            default -> {
                instance.set("port", h.chance(50) ? NODES.textNode("port" + h.below(9)) : NODES.objectNode());
                what = "port-type";
            }
        }
        return new Poisoned(what, body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * JSON that no parser takes: cut short (no proper prefix of an object is JSON), or with a stray character
     * first. Not a stray character inside: that may land in a string, and trailing text is ignored by design.
     */
    private static byte[] broken(String json, Hostile h) {
        if (h.chance(50)) {
            return json.substring(0, h.below(json.length())).getBytes(StandardCharsets.UTF_8);
        }
        return (h.pick(new String[]{",", "]", "}", ":", "\u0000", "'"}) + json).getBytes(StandardCharsets.UTF_8);
    }
}
