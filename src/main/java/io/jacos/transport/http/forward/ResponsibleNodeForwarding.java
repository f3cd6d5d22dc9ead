package io.jacos.transport.http.forward;

import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.request.RoutedMethod;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends a 1.x instance write ({@link ForwardToResponsible}) to the node responsible for the instance, as Nacos's
 * {@code DistroFilter} does, and answers with what that node answered; handles it here when this node is
 * responsible, when the peer cannot be reached, when a peer sent it (with proof: {@link RequestOrigin}), and always on
 * a standalone node. It runs after
 * the access check and the registration limit, on the parsed request the resource would read, and relays the body
 * byte for byte.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 200)
@ApplicationScoped
public class ResponsibleNodeForwarding implements ContainerRequestFilter {

    private ClusterMembers members;
    private ParsedRequest parsed;
    private RequestOrigin origin;
    private RoutedMethod routed;
    private HttpServletRequest servletRequest;
    /** The container's executor is a resource, not a CDI bean, so it cannot come through the constructor. */
    @Resource
    private ManagedExecutorService executor;
    private LazyPeerForwarding forwarding;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ResponsibleNodeForwarding() {
    }

    @Inject
    public ResponsibleNodeForwarding(ClusterMembers members, ParsedRequest parsed, RequestOrigin origin,
                                     PeerProof proof, RoutedMethod routed, HttpServletRequest servletRequest) {
        this.members = members;
        this.parsed = parsed;
        this.origin = origin;
        this.forwarding = new LazyPeerForwarding(() -> executor, proof, PeerForwarding.REQUEST_TIMEOUT);
        this.routed = routed;
        this.servletRequest = servletRequest;
    }


    @Override
    public void filter(ContainerRequestContext request) {
        ForwardToResponsible forward = routed.annotation(ForwardToResponsible.class);
        if (forward == null || !members.clusterMode() || origin.fromPeer()) {
            return;
        }
        Optional<NodeId> target = new ForwardRule(members).target(forward.value(), parsed.params());
        if (target.isEmpty()) {
            return;
        }
        byte[] body = parsed.body();
        Optional<PeerForwarding.Answer> answer = forwarding.get().forward(target.get(), new PeerForwarding.Relayed(
                request.getMethod(), servletRequest.getRequestURI(), servletRequest.getQueryString(),
                headers(servletRequest), body));
        answer.ifPresent(relayed -> request.abortWith(Response.status(relayed.status())
                .type(relayed.contentType()).entity(relayed.body()).build()));
    }


    private static Map<String, List<String>> headers(HttpServletRequest request) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : Collections.list(request.getHeaderNames())) {
            headers.put(name, Collections.list(request.getHeaders(name)));
        }
        return headers;
    }
}
