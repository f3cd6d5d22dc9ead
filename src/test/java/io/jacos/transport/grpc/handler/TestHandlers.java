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
        InstanceRequestHandler instances = new InstanceRequestHandler();
        instances.registration = registration;
        BatchInstanceRequestHandler batches = new BatchInstanceRequestHandler();
        batches.registration = registration;
        PersistentInstanceRequestHandler persistents = new PersistentInstanceRequestHandler();
        persistents.persistent = persistent;
        ServiceQueryHandler queries = new ServiceQueryHandler();
        queries.discovery = discovery;
        queries.serviceInfo = serviceInfo;
        SubscribeServiceHandler subscriptions = new SubscribeServiceHandler();
        subscriptions.discovery = discovery;
        subscriptions.serviceInfo = serviceInfo;
        ServiceListHandler lists = new ServiceListHandler();
        lists.discovery = discovery;
        return List.of(instances, batches, persistents, queries, subscriptions, lists, new HealthCheckHandler());
    }
}
