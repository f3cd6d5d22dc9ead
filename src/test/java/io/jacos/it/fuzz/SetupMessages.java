package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;

import java.nio.charset.StandardCharsets;

/**
 * {@code ConnectionSetupRequest} messages of each kind {@link SetupFuzz} sends. The bounds are the server's
 * ({@code SetupBounds}): at most 64 labels, keys of 128 and values of 512 characters, 4,096 characters of labels in
 * all, 128 abilities with keys of 128, and 128 characters of client version, tenant and declared client IP. A valid
 * setup keeps within every one; an over-bound one breaks exactly one, by any margin.
 */
final class SetupMessages {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_LABELS = 64;
    private static final int MAX_KEY = 128;
    private static final int MAX_VALUE = 512;
    private static final int MAX_LABEL_CHARS = 4096;
    private static final int MAX_ABILITIES = 128;
    private static final int MAX_TEXT = 128;

    private SetupMessages() {
    }

    /** A setup within every bound, with hostile content; with or without an ability table. */
    static Payload valid(Hostile h, boolean abilities) {
        ObjectNode body = base(h, abilities);
        if (h.chance(60)) {
            ObjectNode labels = body.putObject("labels");
            int count = h.chance(90) ? h.below(8) : h.below(MAX_LABELS + 1);
            int chars = 0;
            for (int i = 0; i < count; i++) {
                String key = i + "-" + within(h, MAX_KEY - 4);
                String value = within(h, h.chance(95) ? 40 : MAX_VALUE);
                if (chars + key.length() + value.length() > MAX_LABEL_CHARS) {
                    break;
                }
                chars += key.length() + value.length();
                labels.put(key, value);
            }
        }
        return payload(body, h.chance(80) ? "127.0.0.1" : within(h, MAX_TEXT));
    }

    /** A setup that breaks exactly one bound. */
    static Payload overBound(Hostile h) {
        ObjectNode body = base(h, true);
        String clientIp = "127.0.0.1";
        ObjectNode labels = body.putObject("labels");
        switch (h.below(10)) {
            case 0 -> {
                int count = MAX_LABELS + 1 + h.below(200);
                for (int i = 0; i < count; i++) {
                    labels.put("l" + i, "v");
                }
            }
            case 1 -> labels.put(over(h, MAX_KEY), "v");
            case 2 -> labels.put("big", h.below(100) == 0 ? "v".repeat(1_000_000) : over(h, MAX_VALUE));
            case 3 -> {
                int count = 9 + h.below(20);
                for (int i = 0; i < count; i++) {
                    labels.put("l" + i, "v".repeat(460 + h.below(MAX_VALUE - 459)));
                }
            }
            case 4 -> labels.put("source", "sdk").putNull("app");
            case 5 -> body.put("clientVersion", over(h, MAX_TEXT));
            case 6 -> body.put("tenant", over(h, MAX_TEXT));
            case 7 -> clientIp = over(h, MAX_TEXT);
            case 8 -> {
                ObjectNode table = body.putObject("abilityTable");
                int count = MAX_ABILITIES + 1 + h.below(300);
                for (int i = 0; i < count; i++) {
                    table.put("a" + i, true);
                }
            }
            default -> body.putObject("abilityTable").put(over(h, MAX_KEY), true);
        }
        return payload(body, clientIp);
    }

    /** A setup the server cannot read: broken JSON, wrong JSON types, not an object, not JSON at all. */
    static Payload unreadable(Hostile h) {
        ObjectNode body = base(h, true);
        String json = body.toString();
        String text = switch (h.below(6)) {
            case 0 -> json.substring(0, h.below(json.length()));
            case 1 -> h.pick(new String[]{",", "]", "}", ":", "'", "\u0000"}) + json;
            case 2 -> body.set(h.pick(new String[]{"labels", "abilityTable"}), h.pick(new com.fasterxml.jackson
                    .databind.JsonNode[]{NODES.arrayNode().add("x"), NODES.textNode("x"), NODES.numberNode(7),
                    NODES.booleanNode(true), NODES.objectNode().set("k", NODES.objectNode().put("o", 1)),
                    NODES.objectNode().set("k", NODES.arrayNode().add(1))})).toString();
            case 3 -> body.set(h.pick(new String[]{"clientVersion", "tenant"}), h.chance(50)
                    ? NODES.objectNode().put("o", 1) : NODES.arrayNode().add(1)).toString();
            case 4 -> h.pick(new String[]{"[]", "42", "\"x\"", "true", "null", "", " "});
            default -> null;
        };
        byte[] bytes = text != null ? text.getBytes(StandardCharsets.UTF_8) : notJson(h);
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType("ConnectionSetupRequest")
                .setClientIp("127.0.0.1")).setBody(Any.newBuilder().setValue(ByteString.copyFrom(bytes))).build();
    }

    /** Bytes no protobuf parser takes: a field tag of zero, a length past the end, or a varint that never ends. */
    static byte[] notProtobuf(Hostile h) {
        return switch (h.below(3)) {
            case 0 -> new byte[]{0, (byte) h.below(256), (byte) h.below(256)};
            case 1 -> new byte[]{0x0A, 0x7F, (byte) h.below(128)};
            default -> new byte[]{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
        };
    }

    /** Bytes that cannot start any JSON text: a byte no UTF-8 text starts with, then anything. */
    private static byte[] notJson(Hostile h) {
        byte[] bytes = new byte[1 + h.below(64)];
        h.random().nextBytes(bytes);
        bytes[0] = (byte) (0x80 + h.below(0x40));
        return bytes;
    }

    private static ObjectNode base(Hostile h, boolean abilities) {
        ObjectNode body = NODES.objectNode().put("module", "internal");
        body.putObject("headers");
        if (h.chance(90)) {
            body.put("clientVersion", h.chance(70) ? "Nacos-Java-Client:v2.5.1" : within(h, MAX_TEXT));
        }
        if (h.chance(20)) {
            body.put("tenant", within(h, MAX_TEXT));
        }
        if (abilities) {
            ObjectNode table = body.putObject("abilityTable");
            int count = h.chance(90) ? h.below(4) : h.below(MAX_ABILITIES + 1);
            for (int i = 0; i < count; i++) {
                table.put(i + "-" + within(h, MAX_KEY - 4), h.chance(50));
            }
        } else if (h.chance(50)) {
            body.putNull("abilityTable");
        }
        if (h.chance(10)) {
            body.set("x" + h.text(), GrpcFuzz.anyValue(h, 0));
        }
        return body;
    }

    private static Payload payload(ObjectNode body, String clientIp) {
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType("ConnectionSetupRequest")
                .setClientIp(clientIp)).setBody(Any.newBuilder().setValue(ByteString.copyFromUtf8(body.toString())))
                .build();
    }

    /** Hostile text of at most {@code max} UTF-16 units, never cut inside a character. */
    private static String within(Hostile h, int max) {
        String text = h.text();
        if (text.length() <= max) {
            return text;
        }
        int end = max;
        if (Character.isLowSurrogate(text.charAt(end))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** Text of more than {@code bound} UTF-16 units. */
    private static String over(Hostile h, int bound) {
        return h.randomCodePoints(bound + 1 + h.below(h.chance(90) ? 100 : 5000));
    }
}
