package io.jacos.transport.http;

import io.jacos.limit.RateLimits;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.request.RoutedMethod;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * The per-IP registration limit of HTTP instance writes, decided on the routed method ({@link CountsAsRegistration})
 * and the parsed request, after the access check, so a refused caller spends nothing of it. Over the limit the call
 * is refused with the over-threshold code (503), which each API answers in its own form. The client IP is the TCP
 * peer's, never a header a client could choose.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
@ApplicationScoped
public class RegistrationLimit implements ContainerRequestFilter {

    private RateLimits limits;
    private ParsedRequest parsed;
    private RoutedMethod routed;
    private HttpServletRequest servletRequest;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public RegistrationLimit() {
    }

    @Inject
    public RegistrationLimit(RateLimits limits, ParsedRequest parsed, RoutedMethod routed,
                             HttpServletRequest servletRequest) {
        this.limits = limits;
        this.parsed = parsed;
        this.routed = routed;
        this.servletRequest = servletRequest;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        CountsAsRegistration counts = routed.annotation(CountsAsRegistration.class);
        if (counts == null || !counts.onlyWith().isEmpty() && parsed.params().text(counts.onlyWith()) == null) {
            return;
        }
        String refusal = limits.httpRegistrationRefusal(servletRequest.getRemoteAddr());
        if (refusal != null) {
            throw new RegistryException(RegistryException.OVER_THRESHOLD, refusal);
        }
    }
}
