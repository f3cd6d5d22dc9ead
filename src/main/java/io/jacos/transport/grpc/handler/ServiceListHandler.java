package io.jacos.transport.grpc.handler;

import io.jacos.application.DiscoveryService;
import io.jacos.model.ServicePage;
import io.jacos.transport.grpc.dto.ServiceListRequestBody;
import io.jacos.transport.grpc.dto.ServiceListResponseBody;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A page of bare service names in one namespace and group, with the total before paging. */
@ApplicationScoped
@Handles(request = "ServiceListRequest", body = ServiceListRequestBody.class, response = "ServiceListResponse",
        access = Need.READ)
public class ServiceListHandler implements RequestHandler<ServiceListRequestBody, ServiceListResponseBody> {

    private DiscoveryService discovery;

    /** For the container's proxy. */
    protected ServiceListHandler() {
    }

    @Inject
    public ServiceListHandler(DiscoveryService discovery) {
        this.discovery = discovery;
    }

    @Override
    public ServiceListResponseBody handle(ServiceListRequestBody request, RequestContext context) {
        int pageNo = request.pageNo() == null ? 1 : request.pageNo();
        int pageSize = request.pageSize() == null ? 10 : request.pageSize();
        ServicePage page = discovery.listServices(request.namespace(), request.groupName(), pageNo, pageSize);
        return ServiceListResponseBody.ok(page.count(), page.names());
    }
}
