package io.jacos.it.fuzz;

import java.util.List;
import java.util.Map;

/**
 * The last step of an HTTP configuration write: one parameter or header set so that the endpoint must refuse the
 * request, after the noise. A compare-and-set poison names a known configuration with well-formed content, so
 * only the md5 it expects is wrong: the one refusal that is a 500. A valid gray release (label
 * {@link GrpcConfigPoisons#GRAY}...) is the one write that may be taken: it changes no formal version.
 */
final class HttpConfigPoisons {

    /** Over the content bound (10 Mi characters), sent once in a while only: each is ten megabytes. */
    private static final int HUGE = 10 * 1024 * 1024 + 1;

    private HttpConfigPoisons() {
    }

    static String poison(Map<String, String> p, List<String[]> headers, String namespaceParam, String poison,
                         Hostile h, Known known) {
        switch (poison) {
            case "dataId" -> p.put("dataId", GrpcConfigPoisons.dataId(h));
            case "group" -> p.put("group", h.poisonGroup());
            case "namespace" -> p.put(namespaceParam, h.poisonNamespace());
            case "no-dataId", "no-group" -> {
                String field = poison.substring(3);
                if (h.chance(50)) {
                    p.remove(field);
                } else {
                    p.put(field, h.pick(new String[]{"", " ", "\t"}));
                }
            }
            case "tag" -> {
                boolean valid = h.chance(50);
                p.put("tag", GrpcConfigPoisons.grayTag(h, valid));
                headers.removeIf(header -> header[0].equals("betaIps"));
                return (valid ? GrpcConfigPoisons.GRAY : "bad-") + poison;
            }
            case "type" -> p.put("type", "t".repeat(33 + h.below(2000)));
            case "appName" -> p.put("appName", "a".repeat(129 + h.below(2000)));
            case "betaIps" -> {
                boolean valid = h.chance(50);
                headers.removeIf(header -> header[0].equals("betaIps"));
                headers.add(new String[]{"betaIps", GrpcConfigPoisons.betaIps(h, known, valid)});
                return (valid ? GrpcConfigPoisons.GRAY : "bad-") + poison;
            }
            case "content-huge" -> {
                if (!h.chance(10)) {
                    p.put("content", h.pick(new String[]{"", " ", "\r\n"}));
                    return "no-content";
                }
                p.put("content", "c".repeat(HUGE));
            }
            case "no-content" -> {
                if (h.chance(50)) {
                    p.remove("content");
                } else {
                    p.put("content", h.pick(new String[]{"", " ", "\r\n"}));
                }
            }
            case "cas" -> {
                p.put(namespaceParam, h.chance(30) ? "" : known.namespace(h));
                p.put("group", known.group(h));
                p.put("dataId", known.dataId(h));
                p.put("content", "k=" + h.below(1000));
                p.remove("tag");
                headers.removeIf(header -> header[0].equals("betaIps") || header[0].equals("casMd5"));
                headers.add(new String[]{"casMd5", GrpcConfigPoisons.wrongMd5(h)});
            }
            default -> throw new IllegalArgumentException(poison);
        }
        return poison;
    }
}
