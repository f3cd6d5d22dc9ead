package io.jacos.transport.grpc.handler;

import io.jacos.application.PersistentInstanceService;
import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.InstanceRequestBody;
import io.jacos.transport.grpc.dto.InstanceResponseBody;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Persistent register/deregister, sent by clients told {@code supportPersistentInstanceByGrpc} in the setup
 * acknowledgement. The instance belongs to its {@code ip:port}, not to the connection: it stays when the
 * connection goes, and deregister names it by ip and port.
 */
@ApplicationScoped
@Handles(request = "PersistentInstanceRequest", body = InstanceRequestBody.class, response = "InstanceResponse",
        access = Need.WRITE)
public class PersistentInstanceRequestHandler implements RequestHandler<InstanceRequestBody, InstanceResponseBody> {

    private PersistentInstanceService persistent;

    /** For the container's proxy. */
    protected PersistentInstanceRequestHandler() {
    }

    @Inject
    public PersistentInstanceRequestHandler(PersistentInstanceService persistent) {
        this.persistent = persistent;
    }

    @Override
    public InstanceResponseBody handle(InstanceRequestBody request, RequestContext context) {
        ServiceRef service = new ServiceRef(request.namespace(), request.groupName(), request.serviceName());
        if (InstanceRequestHandler.REGISTER.equals(request.type())) {
            persistent.register(service, request.instance() == null ? null : request.instance().toSpec());
        } else if (InstanceRequestHandler.DEREGISTER.equals(request.type())) {
            if (request.instance() == null) {
                throw RegistryException.missing("instance", "Param 'instance' is required.");
            }
            persistent.deregister(service, request.instance().ip(), request.instance().port());
        } else {
            throw RegistryException.invalid("Unsupported request type " + request.type());
        }
        return InstanceResponseBody.ok(request.type());
    }
}
