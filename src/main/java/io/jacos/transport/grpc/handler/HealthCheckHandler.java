package io.jacos.transport.grpc.handler;

import io.jacos.transport.grpc.dto.EmptyRequestBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.auth.Need;
import jakarta.enterprise.context.ApplicationScoped;

/** The client's idle check; reaching a handler already proves the connection is registered and refreshed. */
@ApplicationScoped
@Handles(request = "HealthCheckRequest", body = EmptyRequestBody.class, response = "HealthCheckResponse",
        access = Need.OPEN)
public class HealthCheckHandler implements RequestHandler<EmptyRequestBody, ResponseBody> {

    @Override
    public ResponseBody handle(EmptyRequestBody request, RequestContext context) {
        return ResponseBody.ok();
    }
}
