package io.jacos.transport.http;

import io.jacos.model.RegistryException;
import io.jacos.transport.http.param.RequestParams;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** Turns what JAX-RS hands a resource method into {@link RequestParams}. */
public final class HttpRequests {

    private HttpRequests() {
    }

    /** Query parameters only (GET: Nacos clients never send a body with it). */
    public static RequestParams params(UriInfo uri) {
        return params(uri, null, null);
    }

    /** Query parameters merged with a form-encoded body, whatever the method. */
    public static RequestParams params(UriInfo uri, HttpHeaders headers, String body) {
        MediaType type = headers == null ? null : headers.getMediaType();
        boolean form = type != null && MediaType.APPLICATION_FORM_URLENCODED_TYPE.isCompatible(type);
        try {
            return RequestParams.of(uri.getQueryParameters(true), form ? body : null, charset(type));
        } catch (IllegalArgumentException e) {
            // A malformed %-escape in the query string.
            throw RegistryException.illegal("query", "The query string is not URL-encoded.");
        }
    }

    private static Charset charset(MediaType type) {
        String name = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name.trim());
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
