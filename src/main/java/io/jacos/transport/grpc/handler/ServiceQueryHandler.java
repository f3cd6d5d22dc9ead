package io.jacos.transport.grpc.handler;

import io.jacos.application.DiscoveryService;
import io.jacos.application.ServiceRef;
import io.jacos.transport.grpc.ServiceInfoJson;
import io.jacos.transport.grpc.dto.ServiceInfoAnswer;
import io.jacos.transport.grpc.dto.ServiceQueryRequestBody;
import io.jacos.transport.grpc.PayloadCodec;
import io.jacos.transport.grpc.dto.EncodedBody;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** One-shot query; the answer type is {@code QueryServiceResponse} (the words reversed, as the client expects). */
@ApplicationScoped
@Handles(request = "ServiceQueryRequest", body = ServiceQueryRequestBody.class, response = "QueryServiceResponse",
        access = Need.READ)
public class ServiceQueryHandler implements RequestHandler<ServiceQueryRequestBody, EncodedBody> {

    private DiscoveryService discovery;
    private ServiceInfoJson serviceInfo;

    /** For the container's proxy. */
    protected ServiceQueryHandler() {
    }

    @Inject
    public ServiceQueryHandler(DiscoveryService discovery, ServiceInfoJson serviceInfo) {
        this.discovery = discovery;
        this.serviceInfo = serviceInfo;
    }

    @Override
    public EncodedBody handle(ServiceQueryRequestBody request, RequestContext context) {
        ServiceRef service = new ServiceRef(request.namespace(), request.groupName(), request.serviceName());
        boolean healthyOnly = Boolean.TRUE.equals(request.healthyOnly());
        long readMark = serviceInfo.readMark();
        return ServiceInfoAnswer.query(serviceInfo.of(discovery.query(service, request.cluster(), healthyOnly),
                readMark));
    }

    /** The cached service info is spliced in as bytes, not serialized again. */
    @Override
    public Payload encode(EncodedBody answer, String responseType, PayloadCodec codec) {
        return codec.encodeBytes(responseType, answer.json());
    }
}
