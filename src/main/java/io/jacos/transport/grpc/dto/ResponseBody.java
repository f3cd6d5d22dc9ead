package io.jacos.transport.grpc.dto;

/**
 * The common response fields. Used as is for responses without extras, for {@code ErrorResponse}, and for a
 * refused request answered with the handler's own response type.
 */
public record ResponseBody(int resultCode, int errorCode, String message, String requestId, boolean success) {

    public static final int OK = 200;
    public static final int FAIL = 500;

    public static ResponseBody ok() {
        return new ResponseBody(OK, 0, null, null, true);
    }

    public static ResponseBody error(int resultCode, int errorCode, String message) {
        return new ResponseBody(resultCode, errorCode, message, null, false);
    }
}
