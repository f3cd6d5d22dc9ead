package io.jacos.transport.http;

import io.jacos.transport.http.access.AccessCheck;
import io.jacos.transport.http.forward.ResponsibleNodeForwarding;
import io.jacos.transport.http.request.RequestParsing;
import io.jacos.transport.http.request.RouteRecording;

import java.util.List;

/**
 * The request filters every API application registers, in the order their priorities give them: which method
 * the request was routed to, the one reading of the request, the access check on the routed method, the registration limit, forwarding to the responsible
 * node. Listed once so no application can leave one out.
 */
final class ApiFilters {

    static final List<Class<?>> ALL = List.of(RouteRecording.class, RequestParsing.class, AccessCheck.class, RegistrationLimit.class,
            ResponsibleNodeForwarding.class);

    private ApiFilters() {
    }
}
