package io.jacos.transport.http.param;

import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code Listening-Configs} of a 1.x configuration long poll: one line per configuration, ended by
 * {@code \u0001}, of fields separated by {@code \u0002}: data id, group, the md5 the client holds and, outside the
 * default namespace, the tenant. A value still %-encoded (a client that encoded it twice) is decoded once more, as
 * Nacos does; no legal field holds {@code %}. At most {@link #MAX_CONFIGS} configurations.
 */
public record ListeningConfigs(List<Listened> configs) {

    public static final String PARAM = "Listening-Configs";
    public static final int MAX_CONFIGS = 10_000;

    private static final char WORD = '\u0002';
    private static final char LINE = '\u0001';

    /** One configuration as the client names it, with the md5 it holds ("" for none). */
    public record Listened(String dataId, String group, String tenant, String md5) {
    }

    public static ListeningConfigs of(RequestParams params) {
        String value = params.get(PARAM);
        if (value == null || value.isBlank()) {
            throw RegistryException.missing(PARAM, "invalid probeModify: Param '" + PARAM + "' is required.");
        }
        if (value.indexOf('%') >= 0) {
            try {
                value = URLDecoder.decode(value, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw malformed("it is not URL-encoded");
            }
        }
        return parse(value);
    }

    static ListeningConfigs parse(String value) {
        Map<String, Listened> configs = new LinkedHashMap<>();
        for (String line : lines(value)) {
            String[] fields = line.split(String.valueOf(WORD), -1);
            if (fields.length < 3 || fields.length > 4) {
                throw malformed("a line has " + fields.length + " fields, not 3 or 4");
            }
            Listened listened = new Listened(fields[0], fields[1], fields.length == 4 ? fields[3] : "", fields[2]);
            configs.put(fields[0] + WORD + fields[1] + WORD + listened.tenant(), listened);
            if (configs.size() > MAX_CONFIGS) {
                throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.ILLEGAL_PARAM,
                        PARAM, "invalid probeModify: more than " + MAX_CONFIGS + " configurations in one poll.");
            }
        }
        return new ListeningConfigs(List.copyOf(configs.values()));
    }

    private static List<String> lines(String value) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) == LINE) {
                lines.add(value.substring(start, i));
                start = i + 1;
            }
        }
        if (start < value.length() && !value.substring(start).isBlank()) {
            lines.add(value.substring(start));
        }
        return lines;
    }

    /** The one namespace the configurations are in, or {@link ConfigKey#SEVERAL_NAMESPACES}. */
    public String namespace() {
        return ConfigKey.namespaceOfAll(configs.stream().map(Listened::tenant).toList());
    }

    private static RegistryException malformed(String why) {
        return RegistryException.illegal(PARAM, "invalid probeModify: " + why + ".");
    }
}
