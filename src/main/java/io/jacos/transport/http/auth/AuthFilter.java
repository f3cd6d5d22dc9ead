package io.jacos.transport.http.auth;

import io.jacos.transport.http.BufferedRequest;
import io.jacos.auth.AccessRefused;
import io.jacos.auth.Action;
import io.jacos.auth.AuthGate;
import io.jacos.auth.LoginService;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.v2.V2Result;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Checks the token of each request to the open APIs before anything else handles it (declared in web.xml, so it
 * runs before the cluster's forwarding filter: a forwarded request keeps its token, valid on every node). What a
 * path needs is {@link HttpAccessRule}'s; the namespace is the {@code namespaceId} parameter ({@code public} when
 * absent). A refusal is 403: plain text on v1, as Nacos answers, and the v2 envelope with code 10001 on v2. The
 * token is read from headers and the query, and from a form body only when needed, which is then replayed to the
 * API. With auth off every request passes untouched.
 */
public class AuthFilter extends HttpFilter {

    static final int ACCESS_DENIED = 10001;
    /** Forms of the open API are a few hundred bytes; a larger one is not searched for a token. */
    static final int MAX_BODY_BYTES = 64 * 1024;

    @Inject
    AuthGate gate;
    @Inject
    LoginService logins;

    private final HttpJson json = new HttpJson();

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!gate.enabled()) {
            chain.doFilter(request, response);
            return;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        HttpAccessRule.Need need = HttpAccessRule.need(request.getMethod(), path);
        if (need == HttpAccessRule.Need.NONE) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletRequest passed = request;
        RequestParams params = parse(request.getQueryString());
        Optional<String> header = RequestCredentials.headerToken(request);
        boolean scoped = need == HttpAccessRule.Need.READ || need == HttpAccessRule.Need.WRITE;
        if ((header.isEmpty() && params.get(RequestCredentials.TOKEN) == null || scoped && params.get("namespaceId") == null)
                && isForm(request)) {
            InputStream in = request.getInputStream();
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            passed = new BufferedRequest(request, body, body.length > MAX_BODY_BYTES ? in : null);
            if (body.length <= MAX_BODY_BYTES) {
                params = parse(join(request.getQueryString(), new String(body, StandardCharsets.UTF_8)));
            }
        }
        String token = header.orElse(params.get(RequestCredentials.TOKEN));
        try {
            check(need, token, params.get("namespaceId"), path, request);
        } catch (AccessRefused e) {
            refuse(response, path, e);
            return;
        }
        chain.doFilter(passed, response);
    }

    private void check(HttpAccessRule.Need need, String token, String namespaceId, String path,
                       HttpServletRequest request) {
        switch (need) {
            case IDENTITY -> gate.identify(token);
            case READ -> gate.authorize(token, namespaceId, Action.READ);
            case WRITE -> gate.authorize(token, namespaceId, Action.WRITE);
            case ADMIN -> gate.requireAdmin(token);
            case PROMETHEUS -> {
                String effective = token;
                Optional<RequestCredentials.Basic> basic = RequestCredentials.basic(request);
                if (effective == null && basic.isPresent()) {
                    effective = logins.login(basic.get().username(), basic.get().password(), request.getRemoteAddr())
                            .accessToken();
                }
                gate.authorize(effective, HttpAccessRule.prometheusNamespace(path), Action.READ);
            }
            default -> {
            }
        }
    }

    private void refuse(HttpServletResponse response, String path, AccessRefused refused) throws IOException {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        byte[] body;
        if (path.startsWith("/v2/")) {
            response.setContentType(HttpJson.JSON_UTF8.toString());
            body = json.write(new V2Result(ACCESS_DENIED, "access denied", refused.getMessage()))
                    .getBytes(StandardCharsets.UTF_8);
        } else {
            response.setContentType(HttpJson.TEXT_UTF8.toString());
            body = refused.getMessage().getBytes(StandardCharsets.UTF_8);
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static boolean isForm(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")
                && request.getContentLengthLong() != 0;
    }

    private static String join(String query, String form) {
        return query == null || query.isEmpty() ? form : query + '&' + form;
    }

    /** Raw query or form text; malformed encoding counts as no parameters (the API itself answers it with 400). */
    private static RequestParams parse(String encoded) {
        try {
            return RequestParams.of(Map.of(), encoded, StandardCharsets.UTF_8);
        } catch (RegistryException e) {
            return RequestParams.of(Map.of());
        }
    }
}
