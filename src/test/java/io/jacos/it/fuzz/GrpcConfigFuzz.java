package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Hostile gRPC payloads of the configuration service, case {@code i} of seed {@code s} always the same. A case
 * starts from a request as the 2.x client builds it (query, publish with its {@code additionMap}, remove, batch
 * listen), or from a response the server never asked for, gets noise (in the body, the addition map or a listen
 * context), and, when it could write, a poison last ({@link GrpcConfigPoisons}): every write is refused by
 * construction but a valid gray release, and the formal configurations must not change.
 */
final class GrpcConfigFuzz {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final String PUBLISH = "ConfigPublishRequest";
    static final String REMOVE = "ConfigRemoveRequest";
    static final String LISTEN = "ConfigBatchListenRequest";
    private static final String[] STRAY = {"ClientConfigMetricResponse", "ConfigChangeNotifyResponse",
            "ConfigChangeNotifyRequest", "ClientConfigMetricRequest", "ConfigChangeBatchListenResponse",
            "ConfigQueryResponse", "configqueryrequest"};
    private static final String[] TYPES = {"text", "properties", "yaml", "json", "xml", "html", "TEXT", ""};
    /** More than a connection may listen to, and more than a long poll may name. */
    static final int OVER_LISTEN_LIMIT = 10_001;

    private final long seed;
    private final Known known;

    GrpcConfigFuzz(long seed, Known known) {
        this.seed = seed;
        this.known = known;
    }

    GrpcFuzz.Case generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0xD1B54A32D192ED03L + index));
        int kind = h.below(100);
        String type = kind < 20 ? "ConfigQueryRequest" : kind < 50 ? PUBLISH : kind < 65 ? REMOVE : kind < 92
                ? LISTEN : h.pick(STRAY);
        ObjectNode body = template(type, h);
        int noise = h.below(4);
        for (int i = 0; i < noise; i++) {
            noise(body, h);
        }
        boolean write = PUBLISH.equals(type) || REMOVE.equals(type);
        String label = type + " noise=" + noise;
        byte[] bytes;
        if (write || h.chance(10)) {
            GrpcPoisons.Poisoned poisoned = GrpcConfigPoisons.poison(type, body, h, known);
            label += " poison=" + poisoned.what();
            bytes = poisoned.bytes();
            // A valid gray release may be taken: the snapshot then proves it changed no formal version.
            write &= !poisoned.what().startsWith(GrpcConfigPoisons.GRAY);
        } else {
            bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        }
        return new GrpcFuzz.Case(index, label, GrpcFuzz.payload(type, bytes, h), write);
    }

    private ObjectNode template(String type, Hostile h) {
        ObjectNode body = NODES.objectNode();
        body.putObject("headers");
        body.put("requestId", Long.toString(h.random().nextLong()));
        switch (type) {
            case "ConfigQueryRequest" -> {
                ref(body, h);
                if (h.chance(5)) {
                    body.put("tag", h.chance(50) ? "" : "gray-" + h.below(9));
                }
            }
            case PUBLISH -> {
                ref(body, h);
                body.put("content", content(h));
                if (h.chance(30)) {
                    body.put("casMd5", h.chance(50) ? KnownConfigs.MD5 : "");
                }
                ObjectNode addition = body.putObject("additionMap");
                addition.put("type", h.pick(TYPES)).put("encryptedDataKey", "").put("appName", "fuzz");
                if (h.chance(30)) {
                    addition.put("desc", "a description").put("config_tags", "t1,t2").put("src_user", "fuzz");
                }
                if (h.chance(10)) {
                    // What a client sends for a formal release when it fills every field: blank gray fields.
                    addition.put("tag", "").put("betaIps", "");
                }
            }
            case REMOVE -> {
                ref(body, h);
                if (h.chance(10)) {
                    body.put("tag", "");
                }
            }
            case LISTEN -> {
                body.put("listen", h.chance(80));
                ArrayNode contexts = body.putArray("configListenContexts");
                int n = h.chance(97) ? 1 + h.below(5) : h.chance(70) ? 20 + h.below(300) : OVER_LISTEN_LIMIT;
                for (int i = 0; i < n; i++) {
                    contexts.add(n > 5 ? context("many-" + i, "DEFAULT_GROUP", "", "") : context(h));
                }
            }
            case "ClientConfigMetricResponse" -> body.put("resultCode", 200).putObject("metrics").put("x", 1);
            case "ConfigChangeNotifyResponse" -> body.put("resultCode", 200).put("errorCode", 0);
            default -> ref(body, h);
        }
        body.put("module", h.chance(90) ? "config" : h.text());
        return body;
    }

    private void ref(ObjectNode body, Hostile h) {
        body.put("dataId", dataId(h)).put("group", known.group(h)).put("tenant", known.tenant(h));
    }

    private ObjectNode context(Hostile h) {
        return context(dataId(h), known.group(h), known.tenant(h), h.chance(50) ? KnownConfigs.MD5
                : h.chance(50) ? "" : "0".repeat(32));
    }

    private static ObjectNode context(String dataId, String group, String tenant, String md5) {
        return NODES.objectNode().put("dataId", dataId).put("group", group).put("tenant", tenant).put("md5", md5);
    }

    private String dataId(Hostile h) {
        return h.chance(80) ? known.dataId(h) : "fuzz-" + h.below(50) + ".txt";
    }

    /** Content of each kind the clients store; rarely large, but well under the gRPC message bound. */
    static String content(Hostile h) {
        return switch (h.below(8)) {
            case 0 -> "k: v\nlist:\n  - 1\n";
            case 1 -> "{\"k\":[1,2,{\"x\":null}]}";
            case 2 -> "<b onmouseover=alert(1)>x</b><script>alert(2)</script>";
            case 3 -> h.randomCodePoints(1 + h.below(200));
            case 4 -> h.chance(5) ? "y".repeat(1_000_000 + h.below(2_000_000)) : "z".repeat(h.below(20_000) + 1);
            default -> "k=" + h.below(1000);
        };
    }

    /** Random damage anywhere: the body, the addition map, or one listen context. */
    private static void noise(ObjectNode body, Hostile h) {
        ObjectNode target = body;
        JsonNode contexts = body.get("configListenContexts");
        if (h.chance(40) && body.get("additionMap") instanceof ObjectNode addition) {
            target = addition;
        } else if (h.chance(50) && contexts != null && contexts.isArray() && !contexts.isEmpty()
                && contexts.size() <= 5 && contexts.get(h.below(contexts.size())) instanceof ObjectNode context) {
            target = context;
        }
        GrpcFuzz.damageField(target, h);
    }
}
