package io.jacos.transport.grpc.handler;

import io.jacos.application.DiscoveryService;
import io.jacos.application.ServiceRef;
import io.jacos.transport.grpc.ServiceInfoJson;
import io.jacos.transport.grpc.dto.ServiceInfoAnswer;
import io.jacos.transport.grpc.dto.ServiceQueryRequestBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** One-shot query; the answer type is {@code QueryServiceResponse} (the words reversed, as the client expects). */
@ApplicationScoped
public class ServiceQueryHandler implements RequestHandler<ServiceQueryRequestBody> {

    @Inject
    DiscoveryService discovery;
    @Inject
    ServiceInfoJson serviceInfo;

    @Override
    public String requestType() {
        return "ServiceQueryRequest";
    }

    @Override
    public Class<ServiceQueryRequestBody> requestClass() {
        return ServiceQueryRequestBody.class;
    }

    @Override
    public String responseType() {
        return "QueryServiceResponse";
    }

    @Override
    public Object handle(ServiceQueryRequestBody request, RequestContext context) {
        ServiceRef service = new ServiceRef(request.namespace(), request.groupName(), request.serviceName());
        boolean healthyOnly = Boolean.TRUE.equals(request.healthyOnly());
        return ServiceInfoAnswer.query(serviceInfo.of(discovery.query(service, request.cluster(), healthyOnly)));
    }
}
