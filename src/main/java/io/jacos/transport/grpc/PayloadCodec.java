package io.jacos.transport.grpc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Nacos payload encoding: {@code metadata.type} is the simple class name, the body is UTF-8 JSON in an
 * {@code Any} with an empty type URL. Nulls are left out and unknown fields ignored, as the client does.
 */
@ApplicationScoped
public class PayloadCodec {

    private final ObjectMapper mapper = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** Thrown for a body that is not JSON of the expected shape; the message is safe to show the client. */
    public static final class UnreadableBody extends RuntimeException {
        UnreadableBody(String message) {
            super(message, null, false, false);
        }
    }

    public <T> T decode(Payload payload, Class<T> type) {
        try {
            return mapper.readValue(payload.getBody().getValue().toByteArray(), type);
        } catch (JsonProcessingException e) {
            throw new UnreadableBody("Invalid request body for " + payload.getMetadata().getType() + ": "
                    + reason(e));
        } catch (IOException e) {
            throw new UnreadableBody("Invalid request body for " + payload.getMetadata().getType() + ".");
        }
    }

    /**
     * Why the body was refused, in the client's terms: which field had the wrong JSON type, or where the text
     * stopped being JSON. Jackson's own message is never shown: it names the server's Java types.
     */
    static String reason(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            StringBuilder field = new StringBuilder();
            for (JsonMappingException.Reference ref : mapping.getPath()) {
                if (ref.getFieldName() != null) {
                    field.append(field.isEmpty() ? "" : ".").append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    field.append('[').append(ref.getIndex()).append(']');
                }
            }
            return "field '" + field + "' has the wrong type or value.";
        }
        JsonLocation at = e.getLocation();
        return at == null ? "not valid JSON." : "not valid JSON (at character " + at.getCharOffset() + ").";
    }

    public Payload encode(String type, Object body) {
        try {
            return payload(type, UnsafeByteOperations.unsafeWrap(mapper.writeValueAsBytes(body)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ByteString jsonBytes(Object body) {
        try {
            return UnsafeByteOperations.unsafeWrap(mapper.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A payload whose JSON body is already encoded (e.g. spliced around a cached fragment). */
    public Payload encodeBytes(String type, ByteString json) {
        return payload(type, json);
    }

    private static Payload payload(String type, ByteString json) {
        return Payload.newBuilder()
                .setMetadata(Metadata.newBuilder().setType(type))
                .setBody(Any.newBuilder().setValue(json))
                .build();
    }
}
