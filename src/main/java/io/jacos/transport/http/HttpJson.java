package io.jacos.transport.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import java.util.function.Function;
import java.util.stream.StreamSupport;

/**
 * Writes every JSON answer of the HTTP API with the bundled Jackson, so the bytes are the same on every server
 * (their JAX-RS runtimes bring different JSON providers, with different rules for nulls and records).
 */
@ApplicationScoped
public class HttpJson {

    public static final MediaType JSON_UTF8 = MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8");
    public static final MediaType TEXT_UTF8 = MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8");

    private final ObjectMapper mapper = new ObjectMapper();

    /** One of the mapper's ways of writing a value. */
    private interface Writer<T> {
        T write(Object value) throws JsonProcessingException;
    }

    public String write(Object value) {
        return written(value, mapper::writeValueAsString);
    }

    public byte[] bytes(Object value) {
        return written(value, mapper::writeValueAsBytes);
    }

    private static <T> T written(Object value, Writer<T> writer) {
        try {
            return writer.write(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /** 200 with JSON written before (UTF-8). */
    public static Response okJson(byte[] json) {
        return Response.ok(json, JSON_UTF8).build();
    }

    /** 200 with the value as JSON. */
    public Response ok(Object value) {
        return Response.ok(write(value), JSON_UTF8).build();
    }

    /**
     * 200 with the value written as JSON straight to the response: what it holds is read while it is written (a
     * page whose items come from the store as they are iterated), so the whole answer is never in memory at once.
     */
    public Response streamed(Object value) {
        StreamingOutput body = out -> mapper.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, value);
        return Response.ok(body, JSON_UTF8).build();
    }

    /** {@code items} shaped one by one as they are iterated, each iteration afresh. */
    public static <A, B> Iterable<B> mapped(Iterable<A> items, Function<A, B> shape) {
        return () -> StreamSupport.stream(items.spliterator(), false).map(shape).iterator();
    }

    /** 200 with plain text, as Nacos answers {@code ok}. */
    public static Response text(String body) {
        return Response.ok(body, TEXT_UTF8).build();
    }

    public ObjectMapper mapper() {
        return mapper;
    }
}
