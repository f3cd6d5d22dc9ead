package io.jacos.transport.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An answer as a client receives it: the HTTP status, the content type ({@code text/plain;charset=UTF-8}) and the
 * body's text.
 */
public record HttpAnswer(int status, String contentType, String body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static HttpAnswer of(Response response) {
        MediaType type = response.getMediaType();
        String shown = type == null ? null : type.getType() + '/' + type.getSubtype()
                + (type.getParameters().containsKey("charset") ? ";charset=" + type.getParameters().get("charset") : "");
        // Answers written ahead (the cached instance lists) come as UTF-8 bytes, the rest as text.
        Object entity = response.getEntity();
        String body = entity instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : (String) entity;
        return new HttpAnswer(response.getStatus(), shown, body);
    }

    /** The body read as JSON, as the clients read it. */
    public JsonNode json() {
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    /** The names of an object's fields in the order they were written: the answers keep Nacos's order. */
    public static List<String> fields(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    public boolean isJson() {
        return "application/json;charset=UTF-8".equals(contentType);
    }

    public boolean isText() {
        return "text/plain;charset=UTF-8".equals(contentType);
    }
}
