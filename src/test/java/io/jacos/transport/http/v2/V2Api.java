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
        ClientV2Resource resource = new ClientV2Resource();
        resource.reader = http.reader;
        resource.connections = http.connections;
        resource.subscribers = http.subscribers;
        resource.catalog = http.services.catalog;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    HealthV2Resource health() {
        HealthV2Resource resource = new HealthV2Resource();
        resource.writes = http.writes;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    InstanceMetadataV2Resource metadata() {
        InstanceMetadataV2Resource resource = new InstanceMetadataV2Resource();
        resource.batches = http.services.metadataBatches;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    InstanceV2Resource instance() {
        InstanceV2Resource resource = new InstanceV2Resource();
        resource.clients = http.services.ipPortClients;
        resource.writes = http.writes;
        resource.lookup = http.lookup;
        resource.listing = http.listing;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    OperatorV2Resource operator() {
        OperatorV2Resource resource = new OperatorV2Resource();
        resource.metrics = http.metrics;
        resource.namingSettings = http.naming;
        resource.udpSettings = http.udp;
        resource.switches = http.services.switches;
        resource.members = http.members;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    ServiceV2Resource service() {
        ServiceV2Resource resource = new ServiceV2Resource();
        resource.catalog = http.services.catalog;
        resource.discovery = http.services.discovery;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }
}
