package io.jacos.transport.grpc.dto;

/** {@code InstanceResponse} and {@code BatchInstanceResponse}: they differ only in the type name. */
public record InstanceResponseBody(int resultCode, int errorCode, String type, boolean success) {

    public static InstanceResponseBody ok(String type) {
        return new InstanceResponseBody(ResponseBody.OK, 0, type, true);
    }
}
