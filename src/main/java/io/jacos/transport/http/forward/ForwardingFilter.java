package io.jacos.transport.http.forward;

import io.jacos.transport.http.BufferedRequest;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.transport.http.param.RequestParams;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Sends a 1.x instance write to the node responsible for the instance ({@link ForwardRule}) and answers with
 * what that node answered; handles it here when this node is responsible, when the peer cannot be reached, and
 * always on a standalone node (which passes every request through untouched). To decide, it reads the form
 * body itself, never with {@code getParameter} (that would consume the body the resource still reads), and
 * hands the resource a request that replays it.
 */
@WebFilter(urlPatterns = {"/v1/ns/instance/*", "/v2/ns/instance/*"}, asyncSupported = true)
public class ForwardingFilter extends HttpFilter {

    /** Instance forms are a few hundred bytes; a larger body is not parsed (and so not forwarded). */
    static final int MAX_BODY_BYTES = 64 * 1024;

    @Inject
    ClusterMembers members;
    @Resource
    ManagedExecutorService executor;

    private ForwardRule rule;
    private volatile PeerForwarding forwarding;

    @Override
    public void init() {
        rule = new ForwardRule(members);
    }

    /** Built at the first forward: a standalone node never starts the HTTP client's selector thread. */
    private PeerForwarding forwarding() {
        PeerForwarding built = forwarding;
        if (built == null) {
            synchronized (this) {
                if (forwarding == null) {
                    forwarding = new PeerForwarding(PeerForwarding.client(executor), members.self(),
                            PeerForwarding.REQUEST_TIMEOUT);
                }
                built = forwarding;
            }
        }
        return built;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (!rule.concerns(request.getMethod(), path, request.getHeader(PeerForwarding.FORWARDED_BY) != null)) {
            chain.doFilter(request, response);
            return;
        }
        InputStream in = request.getInputStream();
        byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
        if (body.length > MAX_BODY_BYTES) {
            chain.doFilter(new BufferedRequest(request, body, in), response);
            return;
        }
        Optional<NodeId> target = target(path, request, body);
        if (target.isPresent()) {
            Optional<PeerForwarding.Answer> answer = forwarding().forward(target.get(), new PeerForwarding.Relayed(
                    request.getMethod(), request.getRequestURI(), request.getQueryString(), headers(request), body));
            if (answer.isPresent()) {
                write(answer.get(), response);
                return;
            }
        }
        chain.doFilter(new BufferedRequest(request, body, null), response);
    }

    private Optional<NodeId> target(String path, HttpServletRequest request, byte[] body) {
        String contentType = request.getContentType();
        boolean form = contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
        Charset charset = charset(request.getCharacterEncoding());
        String query = request.getQueryString();
        String encoded = (query == null ? "" : query) + (form ? '&' + new String(body, charset) : "");
        try {
            return rule.target(path, RequestParams.of(Map.of(), encoded, charset));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name.trim());
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    private static Map<String, List<String>> headers(HttpServletRequest request) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : Collections.list(request.getHeaderNames())) {
            headers.put(name, Collections.list(request.getHeaders(name)));
        }
        return headers;
    }

    private static void write(PeerForwarding.Answer answer, HttpServletResponse response) throws IOException {
        response.setStatus(answer.status());
        if (answer.contentType() != null) {
            response.setContentType(answer.contentType());
        }
        response.setContentLength(answer.body().length);
        response.getOutputStream().write(answer.body());
    }
}
