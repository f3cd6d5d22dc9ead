package io.jacos.transport.grpc.handler;

import io.jacos.application.RegistrationService;
import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.PayloadCodec;
import io.jacos.transport.grpc.dto.InstanceRequestBody;
import io.jacos.transport.grpc.dto.InstanceResponseBody;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Ephemeral register/deregister: one instance per connection and service; deregister ignores ip:port. */
@ApplicationScoped
@Handles(request = "InstanceRequest", body = InstanceRequestBody.class, response = "InstanceResponse",
        access = Need.WRITE)
public class InstanceRequestHandler implements RequestHandler<InstanceRequestBody, InstanceResponseBody> {

    static final String REGISTER = "registerInstance";
    static final String DEREGISTER = "deregisterInstance";

    private RegistrationService registration;

    /** For the container's proxy. */
    protected InstanceRequestHandler() {
    }

    @Inject
    public InstanceRequestHandler(RegistrationService registration) {
        this.registration = registration;
    }

    /**
     * The answers encoded once: {@link #handle} only ever answers ok for one of the two request types, so this
     * holds two entries at most, and a registration costs no JSON writing.
     */
    private final Map<InstanceResponseBody, Payload> encodedAnswers = new ConcurrentHashMap<>();

    @Override
    public InstanceResponseBody handle(InstanceRequestBody request, RequestContext context) {
        ServiceRef service = new ServiceRef(request.namespace(), request.groupName(), request.serviceName());
        if (REGISTER.equals(request.type())) {
            registration.register(context.client(), service,
                    request.instance() == null ? null : request.instance().toSpec());
        } else if (DEREGISTER.equals(request.type())) {
            registration.deregister(context.client(), service,
                    request.instance() == null ? null : request.instance().toSpec());
        } else {
            throw RegistryException.invalid("Unsupported request type " + request.type());
        }
        return InstanceResponseBody.ok(request.type());
    }

    @Override
    public Payload encode(InstanceResponseBody answer, String responseType, PayloadCodec codec) {
        // Payloads are immutable, so one instance may answer every request.
        return encodedAnswers.computeIfAbsent(answer, ok -> codec.encode(responseType, ok));
    }
}
