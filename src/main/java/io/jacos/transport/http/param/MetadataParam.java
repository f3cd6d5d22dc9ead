package io.jacos.transport.http.param;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.model.RegistryException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Metadata as the HTTP APIs take it: a JSON object of strings ({@code {"k":"v"}}, what the Java clients send),
 * or the short form {@code k=v,k2=v2}. Anything else is refused rather than half-read, so a typo never registers
 * an instance with metadata other than what was meant.
 */
public final class MetadataParam {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> STRING_MAP = new TypeReference<>() {
    };

    private MetadataParam() {
    }

    /** The metadata in parameter {@code name}, or null when it is absent or blank. */
    public static Map<String, String> parse(RequestParams params, String name) {
        String text = params.text(name);
        return text == null ? null : parse(name, text);
    }

    static Map<String, String> parse(String name, String text) {
        String trimmed = text.trim();
        if (trimmed.startsWith("{")) {
            try {
                Map<String, String> parsed = JSON.readValue(trimmed, STRING_MAP);
                if (parsed != null) {
                    return parsed;
                }
            } catch (JsonProcessingException e) {
                // Not a JSON object of strings: Nacos then tries the short form, which fails for JSON text.
            }
        }
        Map<String, String> result = new LinkedHashMap<>();
        for (String pair : trimmed.split(",")) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1 || pair.indexOf('=', eq + 1) >= 0) {
                throw RequestParams.illegal(name, text, "a JSON object of strings or k=v,k2=v2");
            }
            result.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return result;
    }
}
