package io.jacos.transport.http.param;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.application.ServiceSettings;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A service's settings as the service APIs send them: {@code protectThreshold}, {@code metadata} and
 * {@code selector}, a JSON object {@code {"type":"none"|"label","expression":"..."}} that Nacos also accepts
 * URL-encoded once more. Update requires the threshold (Nacos's rule); create defaults it.
 */
public final class ServiceParams {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ServiceParams() {
    }

    public static ServiceSettings settings(RequestParams params, boolean thresholdRequired) {
        Double threshold = params.decimal("protectThreshold");
        if (threshold == null && thresholdRequired) {
            throw RequestParams.missing("protectThreshold");
        }
        String selector = params.text("selector");
        JsonNode json = selector == null ? null : selector(selector);
        return new ServiceSettings(threshold == null ? null : threshold.floatValue(),
                MetadataParam.parse(params, "metadata"),
                json == null ? null : json.get("type").asText(),
                json == null || !json.hasNonNull("expression") ? null : json.get("expression").asText());
    }

    private static JsonNode selector(String text) {
        String json = text.trim();
        if (!json.startsWith("{")) {
            try {
                json = URLDecoder.decode(json, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw RequestParams.illegal("selector", text, "a JSON object with a type");
            }
        }
        try {
            JsonNode node = JSON.readTree(json);
            if (node != null && node.isObject() && node.hasNonNull("type")) {
                return node;
            }
        } catch (JsonProcessingException e) {
            // refused below
        }
        throw RequestParams.illegal("selector", text, "a JSON object with a type");
    }
}
