package io.jacos.transport.grpc.dto;

import com.fasterxml.jackson.annotation.JsonRawValue;

/**
 * {@code SubscribeServiceResponse} and {@code QueryServiceResponse}. The service info is spliced in as
 * already-serialized JSON, shared by every reader of the same service revision.
 */
public record ServiceInfoResponseBody(int resultCode, int errorCode, String message,
                                      @JsonRawValue String serviceInfo, boolean success) {

    public static ServiceInfoResponseBody ok(String message, String serviceInfoJson) {
        return new ServiceInfoResponseBody(ResponseBody.OK, 0, message, serviceInfoJson, true);
    }
}
