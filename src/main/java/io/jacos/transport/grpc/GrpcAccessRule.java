package io.jacos.transport.grpc;

import io.jacos.auth.Action;
import io.jacos.transport.grpc.dto.BatchInstanceRequestBody;
import io.jacos.transport.grpc.dto.EmptyRequestBody;
import io.jacos.transport.grpc.dto.InstanceRequestBody;
import io.jacos.transport.grpc.dto.ServiceListRequestBody;
import io.jacos.transport.grpc.dto.ServiceQueryRequestBody;
import io.jacos.transport.grpc.dto.SubscribeServiceRequestBody;

import java.util.Optional;

/**
 * What a decoded gRPC request needs: registrations (single, batch, persistent) WRITE in their namespace; subscribe,
 * query and list READ; the health check nothing (connection setup and server check never reach the handlers). A
 * request type added later without an entry here needs a valid token at least ({@link Need#identityOnly}).
 */
final class GrpcAccessRule {

    /** @param action null when any valid token will do */
    record Need(String namespace, Action action) {
        static Need identityOnly() {
            return new Need(null, null);
        }
    }

    private GrpcAccessRule() {
    }

    static Optional<Need> need(Object body) {
        if (body instanceof EmptyRequestBody) {
            return Optional.empty();
        }
        if (body instanceof InstanceRequestBody r) {
            return Optional.of(new Need(r.namespace(), Action.WRITE));
        }
        if (body instanceof BatchInstanceRequestBody r) {
            return Optional.of(new Need(r.namespace(), Action.WRITE));
        }
        if (body instanceof SubscribeServiceRequestBody r) {
            return Optional.of(new Need(r.namespace(), Action.READ));
        }
        if (body instanceof ServiceQueryRequestBody r) {
            return Optional.of(new Need(r.namespace(), Action.READ));
        }
        if (body instanceof ServiceListRequestBody r) {
            return Optional.of(new Need(r.namespace(), Action.READ));
        }
        return Optional.of(Need.identityOnly());
    }
}
