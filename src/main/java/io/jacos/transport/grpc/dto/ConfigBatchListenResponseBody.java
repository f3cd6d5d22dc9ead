package io.jacos.transport.grpc.dto;

import java.util.List;

/**
 * {@code ConfigChangeBatchListenResponse}: the configurations whose md5 differs from the client's, each named
 * exactly as the client named it (its own tenant spelling), or the client cannot match them to its caches.
 */
public record ConfigBatchListenResponseBody(int resultCode, int errorCode, boolean success,
                                            List<Changed> changedConfigs) {

    public record Changed(String dataId, String group, String tenant) {
    }

    public static ConfigBatchListenResponseBody of(List<Changed> changed) {
        return new ConfigBatchListenResponseBody(ResponseBody.OK, 0, true, changed);
    }
}
