package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;

/**
 * The last step of a configuration case that could write: a body no parser takes, a name its rule refuses, a
 * required field gone, a type or app name longer than the store keeps, a compare-and-set against an md5 the
 * configuration does not have, or a gray release (a tag, beta addresses): one with a rule Nacos refuses (a tag too
 * long or of other characters, a beta naming no IP or too many), or a valid one ({@link #GRAY}), which may be taken
 * but changes only gray versions, never a formal one. Applied after the noise, so nothing undoes it.
 */
final class GrpcConfigPoisons {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The prefix of a poison that is a valid gray release: it may be accepted. */
    static final String GRAY = "gray-";

    private GrpcConfigPoisons() {
    }

    static GrpcPoisons.Poisoned poison(String type, ObjectNode body, Hostile h, Known known) {
        boolean publish = GrpcConfigFuzz.PUBLISH.equals(type);
        int choice = h.below(publish ? 15 : 9);
        String what;
        switch (choice) {
            case 0 -> {
                String json = body.toString();
                return new GrpcPoisons.Poisoned("broken-json", h.chance(50)
                        ? json.substring(0, h.below(json.length())).getBytes(StandardCharsets.UTF_8)
                        : ("]" + json).getBytes(StandardCharsets.UTF_8));
            }
            case 1 -> {
                return new GrpcPoisons.Poisoned("not-json", h.randomCodePoints(1 + h.below(50))
                        .getBytes(StandardCharsets.UTF_8));
            }
            case 2 -> {
                body.put("dataId", dataId(h));
                what = "dataId";
            }
            case 3 -> {
                body.put("group", h.poisonGroup());
                what = "group";
            }
            case 4 -> {
                body.put("tenant", h.poisonNamespace());
                what = "tenant";
            }
            case 5 -> {
                body.set(h.pick(new String[]{"dataId", "group", "tenant"}), h.chance(50)
                        ? NODES.objectNode().put("a", 1) : NODES.arrayNode().add("x"));
                what = "name-type";
            }
            case 6 -> {
                String field = h.chance(50) ? "dataId" : "group";
                if (h.chance(50)) {
                    body.remove(field);
                } else {
                    body.put(field, h.pick(new String[]{"", " ", "\t"}));
                }
                what = "no-" + field;
            }
            case 7, 8 -> {
                // A gray release names its own audience; it must never reach the formal version.
                boolean valid = h.chance(50);
                String field = publish && choice == 8 ? "betaIps" : "tag";
                String value = field.equals("tag") ? grayTag(h, valid) : betaIps(h, known, valid);
                if (publish) {
                    additions(body).put(field, value);
                    if (field.equals("tag")) {
                        additions(body).remove("betaIps");
                    }
                } else {
                    body.put("tag", value);
                }
                what = (valid ? GRAY : "bad-") + field;
            }
            case 9, 10 -> {
                if (h.chance(50)) {
                    body.remove("content");
                } else {
                    body.put("content", h.pick(new String[]{"", " ", "\n\t "}));
                }
                what = "no-content";
            }
            case 11 -> {
                body.set("content", h.chance(50) ? NODES.objectNode().put("k", "v") : NODES.arrayNode().add("k"));
                what = "content-type";
            }
            case 12 -> {
                casMismatch(body, h, known);
                what = "cas";
            }
            default -> {
                // Longer than the store keeps them.
                what = choice == 13 ? "type" : "appName";
                additions(body).put(what, (choice == 13 ? "t" : "a").repeat((choice == 13 ? 33 : 129)
                        + h.below(2000)));
            }
        }
        return new GrpcPoisons.Poisoned(what, body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** A tag Nacos takes (at most 16 of letters, digits, _-.:), or one it refuses. */
    static String grayTag(Hostile h, boolean valid) {
        if (valid) {
            return "gray-" + h.below(9);
        }
        return switch (h.below(3)) {
            case 0 -> "t".repeat(17 + h.below(100));
            case 1 -> "gray " + h.below(9);
            default -> "g/" + h.randomCodePoints(2);
        };
    }

    /** Beta IPs a beta takes, or a list it refuses: no IP at all, or over the bound of IPs or characters. */
    static String betaIps(Hostile h, Known known, boolean valid) {
        if (valid) {
            return "127.0.0.1," + known.ip(h);
        }
        return switch (h.below(3)) {
            case 0 -> h.pick(new String[]{",", " , ", ",,,"});
            case 1 -> {
                StringBuilder many = new StringBuilder();
                for (int i = 0; i < 257 + h.below(100); i++) {
                    many.append("10.0.").append(i / 200).append('.').append(i % 200).append(',');
                }
                yield many.toString();
            }
            default -> "1".repeat(8_193 + h.below(100));
        };
    }

    /** A data id the rule refuses: outside letters, digits, '-', '_', ':', '.', or longer than 256. */
    static String dataId(Hostile h) {
        return switch (h.below(6)) {
            case 0 -> "data id";
            case 1 -> "d/" + h.below(100);
            case 2 -> "d".repeat(257 + h.below(300));
            case 3 -> "\u914D\u7F6E";
            case 4 -> "d@@x";
            default -> "d#" + h.randomCodePoints(2);
        };
    }

    /** An md5 no known configuration has: never blank, since a blank one means no compare-and-set at all. */
    static String wrongMd5(Hostile h) {
        return switch (h.below(4)) {
            case 0 -> "0".repeat(32);
            case 1 -> KnownConfigs.MD5.toUpperCase();
            case 2 -> "x";
            default -> KnownConfigs.MD5.substring(1) + "0";
        };
    }

    /** A publish to a known configuration, well formed, but whose compare-and-set expects another md5. */
    private static void casMismatch(ObjectNode body, Hostile h, Known known) {
        body.put("dataId", known.dataId(h)).put("group", known.group(h))
                .put("tenant", h.chance(30) ? "" : known.namespace(h)).put("content", "k=" + h.below(1000))
                .put("casMd5", wrongMd5(h));
        ObjectNode additions = additions(body);
        additions.remove("tag");
        additions.remove("betaIps");
    }

    private static ObjectNode additions(ObjectNode body) {
        if (body.get("additionMap") instanceof ObjectNode map) {
            return map;
        }
        return body.putObject("additionMap");
    }
}
