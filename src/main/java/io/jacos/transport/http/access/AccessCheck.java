package io.jacos.transport.http.access;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.AuthGate;
import io.jacos.auth.Identity;
import io.jacos.auth.LoginService;
import io.jacos.auth.Need;
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

import java.util.Optional;

/**
 * The access check of every API call, after routing and after the request was read ({@link ParsedRequest}): the
 * routed method's {@link Access} decides, with the namespace taken where the declaration says, from the same parsed
 * values the method reads. A method without a declaration is refused even with auth off, so a new endpoint is closed
 * until someone says who may call it. A refusal is an {@link AccessDenied}, which each API answers in its own form.
 */
@Provider
@Priority(Priorities.AUTHORIZATION)
@ApplicationScoped
public class AccessCheck implements ContainerRequestFilter {

    private AuthGate gate;
    private LoginService logins;
    private ParsedRequest parsed;
    private Caller caller;
    private RoutedMethod routed;
    private HttpServletRequest servletRequest;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public AccessCheck() {
    }

    @Inject
    public AccessCheck(AuthGate gate, LoginService logins, ParsedRequest parsed, Caller caller, RoutedMethod routed,
                       HttpServletRequest servletRequest) {
        this.gate = gate;
        this.logins = logins;
        this.parsed = parsed;
        this.caller = caller;
        this.routed = routed;
        this.servletRequest = servletRequest;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        Access access = Optional.ofNullable(routed.annotation(Access.class)).orElseThrow(AccessDenied::undeclared);
        if (!gate.enabled()) {
            caller.set(Identity.UNCHECKED, null);
            return;
        }
        Need need = access.value();
        String namespace = namespace(access, request);
        String token = RequestCredentials.headerToken(request::getHeaderString)
                .orElseGet(() -> parsed.params().text(RequestCredentials.TOKEN));
        try {
            if (need != Need.OPEN && token == null && access.basicCredentials()) {
                token = basicLogin(request.getHeaderString("Authorization"));
            }
            Identity identity = switch (access.target()) {
                case NAMESPACE -> gate.check(need, token, namespace);
                case CONFIG -> gate.checkOn(need, token, parsed.configResource(namespace, "group", true));
                case CONFIG_HISTORY -> gate.checkOn(need, token, parsed.configResource(namespace, "group", false));
                case CONFIG_V3 -> gate.checkOn(need, token, parsed.configResource(namespace, "groupName", true));
                case NAMING -> gate.checkOn(need, token, parsed.namingResource(namespace, true));
                case NAMING_V2 -> gate.checkOn(need, token, parsed.namingResource(namespace, false));
            };
            caller.set(identity, need == Need.OPEN ? null : token);
        } catch (AccessRefused refused) {
            throw new AccessDenied(refused, need, namespace);
        }
    }

    private String namespace(Access access, ContainerRequestContext request) {
        return switch (access.namespace()) {
            case PARAMETER -> parsed.namespaceId();
            case PATH -> request.getUriInfo().getPathParameters(true).getFirst("namespaceId");
            case TENANT -> parsed.tenantNamespace();
            case IMPORT -> parsed.importNamespace();
            case LISTENING -> parsed.listeningNamespace();
            case ALL -> "*";
        };
    }

    private String basicLogin(String authorization) {
        Optional<RequestCredentials.Basic> basic = RequestCredentials.basic(authorization);
        if (basic.isEmpty()) {
            return null;
        }
        return logins.login(basic.get().username(), basic.get().password(), servletRequest.getRemoteAddr())
                .accessToken();
    }
}
