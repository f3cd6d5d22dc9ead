package io.jacos.transport.grpc;

import io.jacos.limit.RateLimits;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.handler.RequestHandler;
import io.jacos.transport.grpc.proto.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Set;

/**
 * The rate-limit step of the dispatcher, before decoding and before any registry work: a request over a limit
 * is answered in its handler's response type with error code 503, as Nacos's TPS control answers, so the
 * client's call fails with NacosException OVER_THRESHOLD and nothing changes.
 */
@ApplicationScoped
public class GrpcRateLimit {

    /** The instance writes, which also count against the registration limits. */
    static final Set<String> REGISTRATIONS = Set.of("InstanceRequest", "BatchInstanceRequest",
            "PersistentInstanceRequest");

    @Inject
    RateLimits limits;
    @Inject
    PayloadCodec codec;

    /** The refusal to send, or null when the request may go on. */
    Payload refusal(RequestHandler<?, ?> handler, GrpcConnection connection, String type) {
        String refusal = limits.grpcRefusal(connection.id(), connection.clientIp(),
                REGISTRATIONS.contains(type));
        if (refusal == null) {
            return null;
        }
        return codec.encode(handler.responseType(),
                ResponseBody.error(ResponseBody.FAIL, RegistryException.OVER_THRESHOLD, refusal));
    }
}
