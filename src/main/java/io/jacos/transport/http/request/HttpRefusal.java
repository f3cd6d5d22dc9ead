package io.jacos.transport.http.request;

/**
 * A request refused for how it is written rather than for what it asks: a body too large (413), of a content type
 * or charset the method does not take (415), a charset nobody knows (400). Each API answers it in its own form,
 * with this status and message.
 */
public final class HttpRefusal extends RuntimeException {

    private final int status;

    public HttpRefusal(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
