package io.jacos.transport.http.v2;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.v2.V2Errors.Refused;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The v2 resources wired by hand over one {@link HttpResources}, and calls to them answered as the v2 API answers
 * (a refusal through {@link V2Errors}, in the envelope): the one place that knows how each v2 resource is put
 * together.
 */
final class V2Api {

    final HttpResources http;

    V2Api() {
        this(new HttpResources());
    }

    V2Api(HttpResources http) {
        this.http = http;
    }

    HttpAnswer call(String query, Supplier<Response> method) {
        return call(query, null, method);
    }

    HttpAnswer call(String query, String form, Supplier<Response> method) {
        return http.call(query, form, method, new Refused());
    }

    /** A success as every v2 answer has it: code 0, message success, the answer in data. */
    static JsonNode success(HttpAnswer answer) {
        assertEquals(200, answer.status(), answer.body());
        assertTrue(answer.isJson(), answer.contentType());
        JsonNode json = answer.json();
        assertEquals(List.of("code", "message", "data"), HttpAnswer.fields(json));
        assertEquals(0, json.get("code").asInt());
        assertEquals("success", json.get("message").asText());
        return json.get("data");
    }

    /** A refusal in the v2 envelope: the HTTP status, the v2 error code and its text, the detail in data. */
    static void assertRefused(int status, V2Errors.Code code, HttpAnswer answer) {
        assertEquals(status, answer.status(), answer.body());
        assertTrue(answer.isJson(), answer.contentType());
        JsonNode json = answer.json();
        assertEquals(code.code(), json.get("code").asInt(), answer.body());
        assertEquals(code.text(), json.get("message").asText());
        assertTrue(json.get("data").isTextual() && !json.get("data").asText().isBlank(), answer.body());
    }

    ClientV2Resource client() {
        return new ClientV2Resource(http.clients, http.services.catalog, http.json, http.request);
    }

    HealthV2Resource health() {
        return new HealthV2Resource(http.writes, http.json, http.request);
    }

    InstanceMetadataV2Resource metadata() {
        return new InstanceMetadataV2Resource(http.services.metadataBatches, http.json,
                http.request);
    }

    InstanceV2Resource instance() {
        return new InstanceV2Resource(http.services.ipPortClients, http.writes, http.lookup,
                http.listing, http.json, http.request);
    }

    OperatorV2Resource operator() {
        return operator(http.members);
    }

    /** The operator API of a node with these members (a cluster, where some switches need {@code debug}). */
    OperatorV2Resource operator(io.jacos.cluster.ClusterMembers members) {
        return new OperatorV2Resource(http.metrics, http.naming, http.udp, http.services.switches, members, http.json,
                http.request);
    }

    ServiceV2Resource service() {
        return new ServiceV2Resource(http.services.catalog, http.services.discovery, http.json,
                http.request);
    }
}
