package io.jacos.transport.http.admin.access;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.AuthGate;
import io.jacos.auth.Identity;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * With auth on, lets an admin API call through only when its token gives what {@link AdminAccess} says the call
 * needs; otherwise answers in the v2 envelope with code 10001: 401 when the token is missing, invalid or expired
 * (the console then shows its login page), 403 when the user lacks the grant. The identity goes to {@link Caller}
 * for the resources that show or filter by it. With auth off every call passes as {@link Identity#UNCHECKED}.
 */
@WebFilter(urlPatterns = "/admin/*", asyncSupported = true)
public class AdminAuthFilter extends HttpFilter {

    static final int ACCESS_DENIED = 10001;

    @Inject
    AuthGate gate;
    @Inject
    Caller caller;

    /** No user, no grants: who calls the one open call (the login). */
    private static final Identity ANONYMOUS = new Identity("", false, Map.of());

    private final HttpJson json = new HttpJson();

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!gate.enabled()) {
            caller.set(Identity.UNCHECKED, null);
            chain.doFilter(request, response);
            return;
        }
        String query = request.getQueryString();
        String path = request.getPathInfo() == null ? "" : request.getPathInfo();
        AdminAccess.Requirement needed = AdminAccess.of(request.getMethod(), path,
                AccessTokens.queryParam(query, "namespaceId"));
        String token = AccessTokens.of(request.getHeader("Authorization"), request.getHeader(AccessTokens.PARAM),
                query);
        try {
            caller.set(check(needed, token), token);
        } catch (AccessRefused refused) {
            refuse(response, refused, needed);
            return;
        }
        chain.doFilter(request, response);
    }

    private Identity check(AdminAccess.Requirement needed, String token) {
        return switch (needed.kind()) {
            case OPEN -> ANONYMOUS; // the login: whatever token it carries is not looked at
            case LOGGED_IN -> gate.identify(token);
            case NAMESPACE -> gate.authorize(token, needed.namespaceId(), needed.action());
            case ADMIN -> gate.requireAdmin(token);
        };
    }

    /** The console shows this sentence as it is, so it says what to do rather than Nacos's terse text. */
    static String detail(AccessRefused refused, AdminAccess.Requirement needed) {
        return switch (refused.reason()) {
            case MISSING_TOKEN -> "Auth is on and the request carries no access token: log in first.";
            case EXPIRED_TOKEN -> "The access token has expired: log in again.";
            case FORBIDDEN -> needed.kind() == AdminAccess.Kind.NAMESPACE
                    ? "This needs " + needed.action() + " access to namespace '" + needed.namespaceId() + "', which"
                    + " this user is not granted."
                    : "This needs a global admin (role ROLE_ADMIN), which this user is not.";
            default -> "The access token is not valid on this server: log in again.";
        };
    }

    private void refuse(HttpServletResponse response, AccessRefused refused, AdminAccess.Requirement needed)
            throws IOException {
        boolean forbidden = refused.reason() == AccessRefused.Reason.FORBIDDEN;
        response.setStatus(forbidden ? HttpServletResponse.SC_FORBIDDEN : HttpServletResponse.SC_UNAUTHORIZED);
        if (!forbidden) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"jacos\"");
        }
        response.setContentType(HttpJson.JSON_UTF8.toString());
        byte[] body = json.write(new V2Result(ACCESS_DENIED, "access denied", detail(refused, needed)))
                .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
