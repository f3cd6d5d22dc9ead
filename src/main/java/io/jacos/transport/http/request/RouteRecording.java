package io.jacos.transport.http.request;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

import java.lang.reflect.Method;

/**
 * Tells the request filters which resource method a request was routed to ({@link RoutedMethod}). The runtime
 * hands each resource method to this feature once, at deployment; a small filter bound to that method records it
 * before every other filter runs. The filters are shared by several JAX-RS applications, so they cannot hold the
 * runtime's per-application {@code ResourceInfo} themselves.
 */
@Provider
@ApplicationScoped
public class RouteRecording implements DynamicFeature {

    static final int PRIORITY = Priorities.AUTHENTICATION - 200;

    private RoutedMethod routed;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public RouteRecording() {
    }

    @Inject
    public RouteRecording(RoutedMethod routed) {
        this.routed = routed;
    }

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        Method method = resource.getResourceMethod();
        if (method != null) {
            context.register(new Record(method, routed), PRIORITY);
        }
    }

    @Priority(PRIORITY)
    private record Record(Method method, RoutedMethod routed) implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            routed.set(method);
        }
    }
}
