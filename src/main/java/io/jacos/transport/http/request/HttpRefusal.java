package io.jacos.transport.http.request;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

/**
 * A request refused for how it is written rather than for what it asks: a body too large (413), of a content type
 * or charset the method does not take (415), a charset nobody knows (400). Each API answers it in its own form with
 * this message; it is a {@link WebApplicationException} so that its status holds wherever it is mapped.
 */
public final class HttpRefusal extends WebApplicationException {

    public HttpRefusal(int status, String message) {
        super(message, null, Response.status(status).build());
    }

    public int status() {
        return getResponse().getStatus();
    }
}
