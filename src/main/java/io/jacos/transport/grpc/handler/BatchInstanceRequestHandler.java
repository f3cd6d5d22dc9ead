package io.jacos.transport.grpc.handler;

import io.jacos.application.InstanceSpec;
import io.jacos.application.RegistrationService;
import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.BatchInstanceRequestBody;
import io.jacos.transport.grpc.dto.InstanceBody;
import io.jacos.transport.grpc.dto.InstanceResponseBody;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/** Batch register: the list replaces everything the connection published for the service. */
@ApplicationScoped
@Handles(request = "BatchInstanceRequest", body = BatchInstanceRequestBody.class, response = "BatchInstanceResponse",
        access = Need.WRITE)
public class BatchInstanceRequestHandler implements RequestHandler<BatchInstanceRequestBody, InstanceResponseBody> {

    static final String BATCH_REGISTER = "batchRegisterInstance";

    private RegistrationService registration;

    /** For the container's proxy. */
    protected BatchInstanceRequestHandler() {
    }

    @Inject
    public BatchInstanceRequestHandler(RegistrationService registration) {
        this.registration = registration;
    }

    @Override
    public InstanceResponseBody handle(BatchInstanceRequestBody request, RequestContext context) {
        if (!BATCH_REGISTER.equals(request.type())) {
            throw RegistryException.invalid("Unsupported request type " + request.type());
        }
        List<InstanceSpec> specs = null;
        if (request.instances() != null) {
            specs = new ArrayList<>(request.instances().size());
            for (InstanceBody body : request.instances()) {
                specs.add(body == null ? null : body.toSpec());
            }
        }
        registration.registerBatch(context.client(),
                new ServiceRef(request.namespace(), request.groupName(), request.serviceName()), specs);
        return InstanceResponseBody.ok(request.type());
    }
}
