package io.jacos.transport.http.param;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.application.InstanceClusterSpec;
import io.jacos.application.HealthCheckSpec;

/**
 * A cluster as {@code PUT /v1/ns/cluster} sends it: {@code clusterName}, {@code checkPort},
 * {@code useInstancePort4Check}, {@code metadata}, and {@code healthChecker}, a JSON object such as
 * {@code {"type":"HTTP","path":"/health","headers":"","expectedResponseCode":200}}. Unknown members of that
 * object are refused, so a misspelt threshold is not silently ignored.
 */
public final class InstanceClusterParams {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    private static final String CHECKER_SHAPE = "a JSON object such as {\"type\":\"TCP\"} or "
            + "{\"type\":\"HTTP\",\"path\":\"/health\",\"expectedResponseCode\":200}";

    private InstanceClusterParams() {
    }

    public static InstanceClusterSpec spec(RequestParams params) {
        return new InstanceClusterSpec(params.text("clusterName"), params.integer("checkPort"),
                params.bool("useInstancePort4Check"), healthChecker(params), MetadataParam.parse(params, "metadata"));
    }

    private static HealthCheckSpec healthChecker(RequestParams params) {
        String text = params.text("healthChecker");
        if (text == null) {
            return null;
        }
        try {
            HealthCheckSpec spec = JSON.readValue(text, HealthCheckSpec.class);
            if (spec == null || spec.type() == null) {
                throw RequestParams.illegal("healthChecker", text, CHECKER_SHAPE);
            }
            return spec;
        } catch (JsonProcessingException e) {
            throw RequestParams.illegal("healthChecker", text, CHECKER_SHAPE);
        }
    }
}
