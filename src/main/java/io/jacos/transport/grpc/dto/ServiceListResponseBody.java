package io.jacos.transport.grpc.dto;

import java.util.List;

public record ServiceListResponseBody(int resultCode, int errorCode, int count, List<String> serviceNames,
                                      boolean success) {

    public static ServiceListResponseBody ok(int count, List<String> names) {
        return new ServiceListResponseBody(ResponseBody.OK, 0, count, names, true);
    }
}
