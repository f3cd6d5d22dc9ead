package io.jacos.transport.grpc;

import io.jacos.limit.RateLimits;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.proto.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Set;

/**
 * The rate-limit step of the dispatcher, first after the readiness check, so it covers server checks and
 * requests on connections that never set up as well, before decoding and before any registry work. A request
 * over a limit is answered in its handler's response type (else as the dispatcher answers errors) with error
 * code 503, as Nacos's TPS control answers, so the client's call fails with NacosException OVER_THRESHOLD and
 * nothing changes. The IP is the TCP peer's: the one a client declares in its metadata could be anything.
 */
@ApplicationScoped
public class GrpcRateLimit {

    /** The instance writes, which also count against the registration limits. */
    static final Set<String> REGISTRATIONS = Set.of("InstanceRequest", "BatchInstanceRequest",
            "PersistentInstanceRequest");

    private RateLimits limits;
    private PayloadCodec codec;

    /** For the container's proxy. */
    protected GrpcRateLimit() {
    }

    @Inject
    public GrpcRateLimit(RateLimits limits, PayloadCodec codec) {
        this.limits = limits;
        this.codec = codec;
    }

    /**
     * The refusal to send, or null when the request may go on; {@code handlerResponse} is the response type its
     * handler declares, null for a type without a handler.
     */
    Payload refusal(ConnectionMeta meta, String type, String handlerResponse) {
        String refusal = limits.grpcRefusal(meta.id(), meta.remoteIp(), REGISTRATIONS.contains(type));
        if (refusal == null) {
            return null;
        }
        String responseType = handlerResponse != null ? handlerResponse
                : "ServerCheckRequest".equals(type) ? "ServerCheckResponse" : RequestDispatcher.ERROR_RESPONSE;
        return codec.encode(responseType,
                ResponseBody.error(ResponseBody.FAIL, RegistryException.OVER_THRESHOLD, refusal));
    }
}
