package io.jacos.transport.http.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.jacos.model.RegistryException;

/**
 * What the admin resources share for reading requests: JSON bodies into request records (a malformed body, an
 * unknown field or a value of the wrong type is a 400 naming the field), and numbers in query parameters (read
 * here, since a JAX-RS runtime answers a query parameter it cannot convert with a bare 404). No refusal repeats
 * Jackson's own message: those name the server's types and parser settings.
 */
final class AdminRequests {

    static final String PUBLIC = "public";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private AdminRequests() {
    }

    /** The body as the record type; an empty body reads as {@code {}}. */
    static <T> T body(String body, Class<T> type) {
        String text = body == null || body.isBlank() ? "{}" : body;
        try {
            T value = JSON.readValue(text, type);
            if (value == null) {
                throw RegistryException.illegal("body", "The request body must be a JSON object.");
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw RegistryException.illegal(e.getPropertyName(), "Unknown field '" + e.getPropertyName()
                    + "' in the request body.");
        } catch (MismatchedInputException e) {
            String field = field(e);
            if (field == null) {
                throw RegistryException.illegal("body", "The request body must be a JSON object.");
            }
            throw RegistryException.illegal(field, "Param '" + field + "' is illegal: not a "
                    + e.getTargetType().getSimpleName().toLowerCase(java.util.Locale.ROOT) + '.');
        } catch (JsonMappingException e) {
            // Read as JSON, but not as this request: a value the request refuses (a null in a map), a field twice.
            String field = field(e);
            throw RegistryException.illegal(field == null ? "body" : field, field == null
                    ? "The request body is not a valid request here." : "Param '" + field + "' is illegal.");
        } catch (JsonProcessingException e) {
            throw RegistryException.illegal("body", notJson(e));
        }
    }

    /** Where the text stopped being JSON, in the client's terms. */
    static String notJson(JsonProcessingException e) {
        return e.getLocation() == null ? "The request body is not valid JSON."
                : "The request body is not valid JSON (at character " + e.getLocation().getCharOffset() + ").";
    }

    /** The innermost named field of the failure, or null when it is about the whole body. */
    private static String field(JsonMappingException e) {
        String name = null;
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                name = ref.getFieldName();
            }
        }
        return name;
    }

    /** A whole number from {@code min} to {@code max}; {@code fallback} when absent. */
    static int integer(String name, String value, int fallback, int min, int max) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int number = Integer.parseInt(value.trim());
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // Refused below with the same message as a number out of range.
        }
        throw RegistryException.illegal(name, "Param '" + name + "' is illegal: '" + value + "' (expected " + min
                + " to " + max + ").");
    }
}
