package io.jacos.transport.grpc.dto;

import com.google.protobuf.ByteString;

/**
 * Bodies of {@code SubscribeServiceResponse}, {@code QueryServiceResponse} and {@code NotifySubscriberRequest}:
 * fixed JSON around the cached service info, joined without copying it.
 */
public final class ServiceInfoAnswer {

    private static final ByteString QUERY_HEAD = utf8("{\"resultCode\":200,\"errorCode\":0,\"serviceInfo\":");
    private static final ByteString SUBSCRIBE_HEAD =
            utf8("{\"resultCode\":200,\"errorCode\":0,\"message\":\"success\",\"serviceInfo\":");
    private static final ByteString RESPONSE_TAIL = utf8(",\"success\":true}");
    private static final ByteString NOTIFY_TAIL = utf8(",\"module\":\"naming\"}");

    private ServiceInfoAnswer() {
    }

    public static EncodedBody query(ByteString serviceInfo) {
        return new EncodedBody(QUERY_HEAD.concat(serviceInfo).concat(RESPONSE_TAIL));
    }

    public static EncodedBody subscribe(ByteString serviceInfo) {
        return new EncodedBody(SUBSCRIBE_HEAD.concat(serviceInfo).concat(RESPONSE_TAIL));
    }

    /** The server push; {@code requestId} is a decimal counter, so it needs no escaping. */
    public static ByteString notify(String requestId, ByteString serviceInfo) {
        return utf8("{\"headers\":{},\"requestId\":\"" + requestId + "\",\"serviceInfo\":")
                .concat(serviceInfo).concat(NOTIFY_TAIL);
    }

    private static ByteString utf8(String text) {
        return ByteString.copyFromUtf8(text);
    }
}
