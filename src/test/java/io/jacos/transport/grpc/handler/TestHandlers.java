package io.jacos.transport.grpc.handler;

import io.jacos.application.DiscoveryService;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.RegistrationService;
import io.jacos.transport.grpc.ServiceInfoJson;

import java.util.List;

/** Every gRPC request handler the container would collect, built over the given use cases. */
public final class TestHandlers {

    private TestHandlers() {
    }

    public static List<RequestHandler<?, ?>> all(RegistrationService registration, PersistentInstanceService persistent,
                                                 DiscoveryService discovery, ServiceInfoJson serviceInfo) {
        InstanceRequestHandler instances = new InstanceRequestHandler(registration);
        BatchInstanceRequestHandler batches = new BatchInstanceRequestHandler(registration);
        PersistentInstanceRequestHandler persistents = new PersistentInstanceRequestHandler(persistent);
        ServiceQueryHandler queries = new ServiceQueryHandler(discovery, serviceInfo);
        SubscribeServiceHandler subscriptions = new SubscribeServiceHandler(discovery, serviceInfo);
        ServiceListHandler lists = new ServiceListHandler(discovery);
        return List.of(instances, batches, persistents, queries, subscriptions, lists, new HealthCheckHandler());
    }
}
