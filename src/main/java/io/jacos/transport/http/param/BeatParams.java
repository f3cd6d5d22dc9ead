package io.jacos.transport.http.param;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.application.IpPortClientService.BeatSpec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A 1.x beat: a full beat carries the form field {@code beat} with the instance as JSON, and then its ip, port
 * and cluster win over the query's; a light beat (what the client sends once the server said
 * {@code lightBeatEnabled}) has only the query's {@code ip}, {@code port} and {@code clusterName}.
 */
public final class BeatParams {

    private static final ObjectMapper JSON = new ObjectMapper();

    private BeatParams() {
    }

    public static BeatSpec spec(RequestParams params) {
        String beat = params.text("beat");
        String queryCluster = params.text("clusterName");
        if (beat == null) {
            return new BeatSpec(params.text("ip"), params.integer("port"), queryCluster, null, null, false);
        }
        JsonNode json = read(beat);
        InstanceParams.requireEphemeralBeat(json.hasNonNull("ephemeral") ? json.get("ephemeral").asBoolean() : null);
        String cluster = text(json, "cluster");
        return new BeatSpec(text(json, "ip"), port(json, beat), cluster != null ? cluster : queryCluster,
                json.hasNonNull("weight") && json.get("weight").isNumber() ? json.get("weight").asDouble() : null,
                metadata(json), true);
    }

    private static JsonNode read(String beat) {
        try {
            JsonNode json = JSON.readTree(beat);
            if (json != null && json.isObject()) {
                return json;
            }
        } catch (JsonProcessingException e) {
            // refused below
        }
        throw RequestParams.illegal("beat", beat, "the beat as a JSON object");
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() || value.asText().isBlank() ? null : value.asText();
    }

    private static Integer port(JsonNode json, String beat) {
        JsonNode port = json.get("port");
        if (port == null || port.isNull()) {
            return null;
        }
        if (port.isIntegralNumber() && port.canConvertToInt()) {
            return port.asInt();
        }
        if (port.isTextual()) {
            try {
                return Integer.valueOf(port.asText().trim());
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw RequestParams.illegal("beat", beat, "a whole number as the port");
    }

    private static Map<String, String> metadata(JsonNode json) {
        JsonNode metadata = json.get("metadata");
        if (metadata == null || !metadata.isObject()) {
            return null;
        }
        Map<String, String> result = new LinkedHashMap<>();
        metadata.fields().forEachRemaining(e -> result.put(e.getKey(), e.getValue().isNull() ? null
                : e.getValue().asText()));
        return result;
    }
}
