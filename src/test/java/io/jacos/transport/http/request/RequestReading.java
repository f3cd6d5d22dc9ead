package io.jacos.transport.http.request;

import io.jacos.transport.http.param.RequestParams;

import java.nio.charset.StandardCharsets;

/**
 * What {@link RequestParsing} does to a request before its resource method runs, for resources called by hand: the
 * raw query and a form body (UTF-8, as the clients send it) read once into the request's {@link ParsedRequest}.
 * A parameter given twice with different values is refused here, as on the server.
 */
public final class RequestReading {

    private RequestReading() {
    }

    /** @param form the form body as sent, or null for none */
    public static void read(ParsedRequest into, String rawQuery, String form) {
        byte[] body = form == null ? new byte[0] : form.getBytes(StandardCharsets.UTF_8);
        into.set(RequestParams.parse(rawQuery, form, StandardCharsets.UTF_8), body);
    }
}
