package io.jacos.transport.http.request;

import io.jacos.transport.http.param.RequestParams;
import jakarta.enterprise.context.RequestScoped;

import java.nio.charset.StandardCharsets;

/**
 * The current API request as {@link RequestParsing} read it, once: its parameters (query and form body merged) and
 * its body's bytes. Everything that decides on the request or serves it reads this, never the request again.
 */
@RequestScoped
public class ParsedRequest {

    private static final String PUBLIC = "public";

    private RequestParams params;
    private byte[] body = new byte[0];

    void set(RequestParams params, byte[] body) {
        this.params = params;
        this.body = body;
    }

    /** @throws IllegalStateException when called outside an API request (nothing was parsed) */
    public RequestParams params() {
        if (params == null) {
            throw new IllegalStateException("no parsed request: the call did not pass the request reading");
        }
        return params;
    }

    /** The body as received (empty when none). */
    public byte[] body() {
        return body.clone();
    }

    /** The body of a JSON method as text (its charset was checked to be UTF-8 or ASCII); empty when none. */
    public String jsonBody() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The namespace the request names: {@code namespaceId}, {@code public} when absent or blank. */
    public String namespaceId() {
        return params().text("namespaceId", PUBLIC);
    }
}
