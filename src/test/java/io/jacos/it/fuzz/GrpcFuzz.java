package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Hostile gRPC payloads of the naming service, case {@code i} of seed {@code s} always the same (the configuration
 * service's are {@link GrpcConfigFuzz}'s). A case starts from a valid request of one type (every naming request
 * type the server serves, some it does not, and types it must not take unary), gets random noise (wrong JSON
 * types, unicode, huge and negative values, fields removed or added), and, when it could write, a poison last
 * ({@link GrpcPoisons}). So every write is invalid by construction and the registry must not change.
 */
final class GrpcFuzz {

    /** One generated input: what it is for the report, the payload, and whether it would write if valid. */
    record Case(long index, String label, Payload payload, boolean write) {
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] WRITE_TYPES = {"InstanceRequest", "PersistentInstanceRequest", "BatchInstanceRequest"};
    private static final String[] READ_TYPES = {"SubscribeServiceRequest", "ServiceQueryRequest", "ServiceListRequest",
            "HealthCheckRequest", "ServerCheckRequest"};
    private static final String[] OTHER_TYPES = {"ConnectionSetupRequest", "SetupAckRequest", "ClientDetectionResponse",
            "NotifySubscriberResponse", "", "instancerequest",
            "InstanceRequest ", "Instance\u0000Request", "com.alibaba.nacos.api.naming.remote.request.InstanceRequest",
            "ErrorResponse", "InstanceResponse", "PushAckRequest", "ServerReloadRequest", "ConnectResetRequest"};

    private final long seed;
    private final Known known;

    GrpcFuzz(long seed, Known known) {
        this.seed = seed;
        this.known = known;
    }

    Case generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index));
        int kind = h.below(100);
        String type = kind < 55 ? h.pick(WRITE_TYPES) : kind < 92 ? h.pick(READ_TYPES) : h.pick(OTHER_TYPES);
        ObjectNode body = template(type, h);
        int noise = h.below(4);
        for (int i = 0; i < noise; i++) {
            noise(body, h);
        }
        boolean write = isWrite(type);
        String label = type + " noise=" + noise;
        byte[] bytes;
        if (write || h.chance(10)) {
            GrpcPoisons.Poisoned poisoned = GrpcPoisons.poison(type, body, h);
            label += " poison=" + poisoned.what();
            bytes = poisoned.bytes();
        } else {
            bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        }
        return new Case(index, label, payload(type, bytes, h), write);
    }

    static boolean isWrite(String type) {
        for (String w : WRITE_TYPES) {
            if (w.equals(type)) {
                return true;
            }
        }
        return false;
    }

    private ObjectNode template(String type, Hostile h) {
        ObjectNode body = NODES.objectNode();
        body.putObject("headers");
        body.put("requestId", Long.toString(h.random().nextLong()));
        switch (type) {
            case "InstanceRequest", "PersistentInstanceRequest" -> {
                service(body, h);
                body.put("type", h.chance(75) ? "registerInstance" : "deregisterInstance");
                body.set("instance", instance(h, "PersistentInstanceRequest".equals(type)));
            }
            case "BatchInstanceRequest" -> {
                service(body, h);
                body.put("type", "batchRegisterInstance");
                ArrayNode instances = body.putArray("instances");
                int n = 1 + h.below(4);
                for (int i = 0; i < n; i++) {
                    instances.add(instance(h, false));
                }
            }
            case "SubscribeServiceRequest" -> {
                service(body, h);
                body.put("subscribe", h.chance(70)).put("clusters", "");
            }
            case "ServiceQueryRequest" -> {
                service(body, h);
                body.put("cluster", "").put("healthyOnly", h.chance(50)).put("udpPort", 0);
            }
            case "ServiceListRequest" -> {
                body.put("namespace", known.namespace(h)).put("groupName", known.group(h))
                        .put("pageNo", 1).put("pageSize", 10).put("selector", "");
            }
            case "ConnectionSetupRequest" -> {
                body.put("clientVersion", "Nacos-Java-Client:v2.5.1").putObject("labels").put("module", "naming");
                body.putObject("abilityTable");
            }
            default -> {
                // Health and server checks, and the odd types, carry nothing but headers.
            }
        }
        body.put("module", h.chance(90) ? "naming" : h.text());
        return body;
    }

    private void service(ObjectNode body, Hostile h) {
        body.put("namespace", known.namespace(h)).put("serviceName", known.service(h)).put("groupName", known.group(h));
    }

    private ObjectNode instance(Hostile h, boolean persistent) {
        ObjectNode instance = NODES.objectNode();
        instance.put("ip", known.ip(h)).put("port", known.port(h)).put("weight", 1.0).put("healthy", true)
                .put("enabled", true).put("ephemeral", !persistent).put("clusterName", "DEFAULT");
        instance.putObject("metadata").put("version", "1");
        return instance;
    }

    /** One field of {@code target} removed, or given a random value (a new field when none or by chance). */
    static void damageField(ObjectNode target, Hostile h) {
        List<String> fields = new ArrayList<>();
        target.fieldNames().forEachRemaining(fields::add);
        String field = fields.isEmpty() || h.chance(15) ? h.text() : fields.get(h.below(fields.size()));
        if (h.chance(20)) {
            target.remove(field);
        } else {
            target.set(field, anyValue(h, 0));
        }
    }

    /** Random damage anywhere in the tree: a value replaced, a field removed or added. */
    private static void noise(ObjectNode body, Hostile h) {
        ObjectNode target = body;
        JsonNode nested = h.chance(50) ? body.get(h.chance(50) ? "instance" : "instances") : null;
        if (nested != null && nested.isObject()) {
            target = (ObjectNode) nested;
        } else if (nested != null && nested.isArray() && !nested.isEmpty()) {
            JsonNode element = nested.get(h.below(nested.size()));
            if (element.isObject()) {
                target = (ObjectNode) element;
            }
        }
        damageField(target, h);
    }

    static JsonNode anyValue(Hostile h, int depth) {
        return switch (h.below(depth > 2 ? 5 : 8)) {
            case 0 -> NODES.textNode(h.text());
            case 1 -> NODES.numberNode(h.number());
            case 2 -> NODES.numberNode(h.random().nextDouble() * 1e6 - 5e5);
            case 3 -> NODES.booleanNode(h.chance(50));
            case 4 -> NODES.nullNode();
            case 5 -> {
                ArrayNode array = NODES.arrayNode();
                int n = h.below(4);
                for (int i = 0; i < n; i++) {
                    array.add(anyValue(h, depth + 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                int n = h.below(4);
                for (int i = 0; i < n; i++) {
                    object.set(h.text(), anyValue(h, depth + 1));
                }
                yield object;
            }
        };
    }

    /** The payload: usually as the client builds it; sometimes with odd metadata or an odd Any. */
    static Payload payload(String type, byte[] body, Hostile h) {
        Metadata.Builder metadata = Metadata.newBuilder().setType(type).setClientIp("127.0.0.1");
        Any.Builder any = Any.newBuilder().setValue(ByteString.copyFrom(body));
        if (h.chance(10)) {
            metadata.setClientIp(h.text());
            metadata.putHeaders(h.text(), h.text());
            if (h.chance(30)) {
                any.setTypeUrl(h.text());
            }
        }
        return Payload.newBuilder().setMetadata(metadata).setBody(any).build();
    }

    static String describe(Payload payload) {
        String body = payload.getBody().getValue().toString(StandardCharsets.UTF_8);
        return payload.getMetadata().getType() + " " + (body.length() > 300 ? body.substring(0, 300) + "...(" + body.length() + ")" : body);
    }
}
