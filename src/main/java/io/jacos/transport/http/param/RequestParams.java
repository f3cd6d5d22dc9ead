package io.jacos.transport.http.param;

import io.jacos.model.RegistryException;

import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of one request: the query string and a form-encoded body merged, query values first, as a
 * servlet container merges them for POST. Nacos clients put every parameter in the query string for every
 * method, except the 1.x beat, which arrives as the form field {@code beat} of a PUT; containers parse form
 * bodies of POST only, so the body is read here for every method. Typed getters refuse bad values with the
 * Nacos wording ({@code Param 'port' is required.}) as a 400 {@link RegistryException} naming the parameter.
 */
public final class RequestParams {

    private final Map<String, List<String>> values;

    private RequestParams(Map<String, List<String>> values) {
        this.values = values;
    }

    /**
     * The one reading of a request's parameters: the raw query string (always UTF-8, as URLs are) and a form body
     * (in its own charset), decoded and merged, query values first. A name given more than once with different
     * values, in one part or across both, is refused: whoever reads a parameter here reads the one value it has.
     *
     * @param rawQuery    the query string as received, still %-encoded, or null
     * @param formBody    the body's text when it is {@code application/x-www-form-urlencoded}, else null or empty
     * @param bodyCharset the body's charset
     */
    public static RequestParams parse(String rawQuery, String formBody, Charset bodyCharset) {
        Map<String, List<String>> merged = new LinkedHashMap<>();
        addPairs(merged, rawQuery, StandardCharsets.UTF_8, "query", "The query string is not URL-encoded.");
        addPairs(merged, formBody, bodyCharset, "body", "The form body is not URL-encoded.");
        merged.forEach((name, list) -> {
            if (list.stream().distinct().count() > 1) {
                throw RegistryException.illegal(name, "Param '" + shown(name) + "' is given more than once with"
                        + " different values.");
            }
        });
        return new RequestParams(merged);
    }

    /**
     * @param query       decoded query parameters
     * @param formBody    the raw body when it is {@code application/x-www-form-urlencoded}, else null or empty
     * @param charset     the body's charset (UTF-8 when the request names none)
     */
    public static RequestParams of(Map<String, List<String>> query, String formBody, Charset charset) {
        Map<String, List<String>> merged = new LinkedHashMap<>();
        query.forEach((name, list) -> merged.computeIfAbsent(name, k -> new ArrayList<>()).addAll(list));
        addPairs(merged, formBody, charset, "body", "The form body is not URL-encoded.");
        return new RequestParams(merged);
    }

    private static void addPairs(Map<String, List<String>> into, String encoded, Charset charset, String part,
                                 String malformed) {
        if (encoded == null || encoded.isBlank()) {
            return;
        }
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), charset, part, malformed);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1), charset, part, malformed);
            into.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
    }

    /** Parameters given directly, one value each (tests, and callers that build requests themselves). */
    public static RequestParams of(Map<String, String> single) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        single.forEach((k, v) -> values.put(k, List.of(v)));
        return new RequestParams(values);
    }

    private static String decode(String text, Charset charset, String part, String malformed) {
        try {
            return URLDecoder.decode(text, charset);
        } catch (IllegalArgumentException e) {
            throw RegistryException.illegal(part, malformed);
        }
    }

    /** The first value, or null when absent. */
    public String get(String name) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() ? null : list.get(0);
    }

    /** The value, or {@code fallback} when absent or blank. */
    public String text(String name, String fallback) {
        String value = get(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    /** The value, or null when absent or blank. */
    public String text(String name) {
        return text(name, null);
    }

    /** The value; refused when absent or blank. */
    public String required(String name) {
        String value = text(name);
        if (value == null) {
            throw missing(name);
        }
        return value;
    }

    /** A whole number, or null when absent or blank. */
    public Integer integer(String name) {
        String value = text(name);
        if (value == null) {
            return null;
        }
        try {
            return Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            throw illegal(name, value, "a whole number");
        }
    }

    public int integer(String name, int fallback) {
        Integer value = integer(name);
        return value == null ? fallback : value;
    }

    public int requiredInteger(String name) {
        Integer value = integer(name);
        if (value == null) {
            throw missing(name);
        }
        return value;
    }

    /** A decimal number, or null when absent or blank; NaN and infinities are refused. */
    public Double decimal(String name) {
        String value = text(name);
        if (value == null) {
            return null;
        }
        try {
            double parsed = Double.parseDouble(value.trim());
            if (Double.isFinite(parsed)) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw illegal(name, value, "a number");
    }

    /** {@code true} or {@code false} in any case, or null when absent or blank. */
    public Boolean bool(String name) {
        String value = text(name);
        if (value == null) {
            return null;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw illegal(name, value, "true or false");
        };
    }

    public boolean bool(String name, boolean fallback) {
        Boolean value = bool(name);
        return value == null ? fallback : value;
    }

    public static RegistryException missing(String name) {
        return RegistryException.missing(name, "Param '" + name + "' is required.");
    }

    /** A value as a refusal may repeat it: at most 80 characters, control characters shown as '?'. */
    private static String shown(String value) {
        return (value.length() <= 80 ? value : value.substring(0, 77) + "...").replaceAll("\\p{Cntrl}", "?");
    }

    public static RegistryException illegal(String name, String value, String expected) {
        String shown = shown(value);
        return RegistryException.illegal(name, "Param '" + name + "' is illegal: '" + shown + "' (expected " + expected
                + ").");
    }
}
