package io.jacos.transport.grpc.handler;

import io.jacos.application.DiscoveryService;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.transport.grpc.ServiceInfoJson;
import io.jacos.transport.grpc.dto.ServiceInfoAnswer;
import io.jacos.transport.grpc.dto.SubscribeServiceRequestBody;
import io.jacos.transport.grpc.PayloadCodec;
import io.jacos.transport.grpc.dto.EncodedBody;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Subscribe or unsubscribe; both answer with the service's current state, even for an unknown service. */
@ApplicationScoped
@Handles(request = "SubscribeServiceRequest", body = SubscribeServiceRequestBody.class, response = "SubscribeServiceResponse",
        access = Need.READ)
public class SubscribeServiceHandler implements RequestHandler<SubscribeServiceRequestBody, EncodedBody> {

    private DiscoveryService discovery;
    private ServiceInfoJson serviceInfo;

    /** For the container's proxy. */
    protected SubscribeServiceHandler() {
    }

    @Inject
    public SubscribeServiceHandler(DiscoveryService discovery, ServiceInfoJson serviceInfo) {
        this.discovery = discovery;
        this.serviceInfo = serviceInfo;
    }

    @Override
    public EncodedBody handle(SubscribeServiceRequestBody request, RequestContext context) {
        ServiceRef service = new ServiceRef(request.namespace(), request.groupName(), request.serviceName());
        long readMark = serviceInfo.readMark();
        Selection selection = Boolean.FALSE.equals(request.subscribe())
                ? discovery.unsubscribe(context.client(), service, request.clusters())
                : discovery.subscribe(context.client(), service, request.clusters());
        return ServiceInfoAnswer.subscribe(serviceInfo.of(selection, readMark));
    }

    /** The cached service info is spliced in as bytes, not serialized again. */
    @Override
    public Payload encode(EncodedBody answer, String responseType, PayloadCodec codec) {
        return codec.encodeBytes(responseType, answer.json());
    }
}
