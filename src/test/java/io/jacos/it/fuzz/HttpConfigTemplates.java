package io.jacos.it.fuzz;

import java.util.List;
import java.util.Map;

/**
 * Valid requests of the configuration API about the known configurations ({@link KnownConfigs}), as the 1.x and
 * 2.x clients and the console send them, for {@link HttpConfigFuzz} to damage. The namespace parameter is the
 * endpoint's ({@code tenant} in v1, {@code namespaceId} in v2).
 */
final class HttpConfigTemplates {

    private static final String WORD = "\u0002";
    private static final String LINE = "\u0001";

    private final Known known;

    HttpConfigTemplates(Known known) {
        this.known = known;
    }

    void ref(Map<String, String> p, String namespaceParam, Hostile h) {
        p.put(namespaceParam, known.tenant(h));
        p.put("group", known.group(h));
        p.put("dataId", h.chance(80) ? known.dataId(h) : "fuzz-" + h.below(50) + ".txt");
    }

    void details(Map<String, String> p, String namespaceParam, Hostile h) {
        ref(p, namespaceParam, h);
        p.put("show", "all");
    }

    void search(Map<String, String> p, String namespaceParam, Hostile h) {
        p.put("search", h.pick(new String[]{"accurate", "blur", "blur", "fuzzy"}));
        p.put(namespaceParam, known.tenant(h));
        p.put("dataId", h.pick(new String[]{"", "*", "fuzz-*", "*.yaml", known.dataId(h), "**"}));
        p.put("group", h.pick(new String[]{"", "*", known.group(h), "fuzz*"}));
        p.put("pageNo", Integer.toString(1 + h.below(3)));
        p.put("pageSize", h.pick(new String[]{"1", "10", "100", "500", "501", "100000"}));
        if (h.chance(20)) {
            p.put("appName", "fuzz");
        }
        if (h.chance(10)) {
            p.put("config_tags", "t1,t2");
        }
    }

    void publish(Map<String, String> p, String namespaceParam, Hostile h) {
        ref(p, namespaceParam, h);
        p.put("content", GrpcConfigFuzz.content(h));
        p.put("type", h.pick(new String[]{"text", "properties", "yaml", "json", "xml", "html", ""}));
        p.put("appName", "fuzz");
        if (h.chance(30)) {
            p.put("desc", "a description");
            p.put("config_tags", "t1,t2");
        }
    }

    /** {@code Listening-Configs}: usually a few lines, sometimes more than a poll may name, or malformed. */
    void listening(Map<String, String> p, String namespaceParam, Hostile h) {
        StringBuilder lines = new StringBuilder();
        int n = h.chance(97) ? 1 + h.below(5) : GrpcConfigFuzz.OVER_LISTEN_LIMIT;
        for (int i = 0; i < n; i++) {
            String tenant = known.tenant(h);
            String dataId = n > 5 ? "many-" + i : h.chance(90) ? known.dataId(h) : GrpcConfigPoisons.dataId(h);
            lines.append(dataId).append(WORD).append(known.group(h)).append(WORD)
                    .append(h.pick(new String[]{KnownConfigs.MD5, "", "0".repeat(32)}));
            if (!tenant.isEmpty()) {
                lines.append(WORD).append(tenant);
            }
            lines.append(LINE);
        }
        String value = switch (h.below(12)) {
            case 0 -> lines.toString().replace(LINE, "\n");
            case 1 -> lines + "a" + WORD + "b" + LINE;
            case 2 -> lines.toString().replace(WORD, "%02").replace(LINE, "%01");
            case 3 -> lines + "%zz";
            default -> lines.toString();
        };
        p.put("Listening-Configs", value);
    }

    /** The poll's headers: none, or a timeout with the no-hang-up flag, so the answer always comes at once. */
    void pollHeaders(List<String[]> headers, Hostile h) {
        if (h.chance(40)) {
            return;
        }
        headers.add(new String[]{"Long-Pulling-Timeout", h.pick(new String[]{"1", "100", "30000", "abc", "-5",
                "9223372036854775808", "1e3"})});
        headers.add(new String[]{"Long-Pulling-Timeout-No-Hangup", h.pick(new String[]{"true", "TRUE", "True"})});
    }

    void history(Map<String, String> p, String namespaceParam, Hostile h) {
        ref(p, namespaceParam, h);
        p.put("search", h.chance(90) ? "accurate" : "blur");
        p.put("pageNo", Integer.toString(1 + h.below(3)));
        p.put("pageSize", h.pick(new String[]{"1", "10", "500", "100000"}));
    }

    void change(Map<String, String> p, String namespaceParam, Hostile h) {
        ref(p, namespaceParam, h);
        p.put("nid", Long.toString(h.chance(80) ? 1 + h.below(40) : h.number()));
    }

    void previous(Map<String, String> p, String namespaceParam, Hostile h) {
        ref(p, namespaceParam, h);
        p.put("id", Long.toString(h.chance(80) ? 1 + h.below(12) : h.number()));
    }

    void namespace(Map<String, String> p, String namespaceParam, Hostile h) {
        p.put(namespaceParam, known.tenant(h));
    }
}
