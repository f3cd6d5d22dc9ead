package io.jacos.transport.grpc.dto;

public record ServerCheckResponseBody(int resultCode, int errorCode, String connectionId,
                                      boolean supportAbilityNegotiation, boolean success) {

    public static ServerCheckResponseBody of(String connectionId) {
        return new ServerCheckResponseBody(ResponseBody.OK, 0, connectionId, true, true);
    }
}
