package io.jacos.transport.http.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Optional;

/** Reads the small JSON bodies of the operations endpoints; an empty body means no field given. */
final class AdminBodies {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The bodies here are a field or two; a larger one is refused unread. */
    static final int MAX_CHARS = 4096;

    private AdminBodies() {
    }

    /** The text field {@code name} of a JSON object body; empty when the body or the field is absent or null. */
    static Optional<String> optionalText(String body, String name) {
        if (body == null || body.isBlank()) {
            return Optional.empty();
        }
        if (body.length() > MAX_CHARS) {
            throw new IllegalArgumentException("The body is larger than " + MAX_CHARS + " characters.");
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(AdminRequests.notJson(e));
        }
        if (!tree.isObject()) {
            throw new IllegalArgumentException("The body must be a JSON object.");
        }
        JsonNode field = tree.get(name);
        if (field == null || field.isNull()) {
            return Optional.empty();
        }
        if (!field.isTextual() || field.asText().isBlank()) {
            throw new IllegalArgumentException(name + " must be a non-blank string.");
        }
        return Optional.of(field.asText().strip());
    }
}
