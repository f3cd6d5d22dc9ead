package io.jacos.transport.http.forward;

import io.jacos.model.NodeId;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * Relays one request to a peer over HTTP and brings back its status, content type and body. The relayed
 * request keeps the method, path, query and body, and the headers that identify the client; it is marked
 * {@value #FORWARDED_BY} (this node), which the peer never forwards again. A peer that cannot be reached in
 * the timeouts yields nothing, so the caller handles the request itself; that is logged once per run of
 * failures per peer, not per request.
 */
public final class PeerForwarding {

    public static final String FORWARDED_BY = "X-Jacos-Forwarded-By";
    /** Headers a 1.x client sends that the peer may look at; the rest (Host, lengths, hop headers) are not relayed. */
    static final Set<String> RELAYED_HEADERS = caseless("Content-Type", "User-Agent", "Client-Version",
            "Request-Module", "Accept", "Accept-Charset", "Authorization", "accessToken");
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(3);

    private static final Logger LOG = Logger.getLogger(PeerForwarding.class.getName());

    private final HttpClient client;
    private final String self;
    private final Duration requestTimeout;
    private final Map<NodeId, Boolean> failing = new ConcurrentHashMap<>();

    /** A request to relay: {@code rawPath} as received (context root included, still %-encoded). */
    public record Relayed(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
                          byte[] body) {
    }

    /** What the peer answered. */
    public record Answer(int status, String contentType, byte[] body) {
    }

    public PeerForwarding(HttpClient client, NodeId self, Duration requestTimeout) {
        this.client = client;
        this.self = self.address();
        this.requestTimeout = requestTimeout;
    }

    /** A client with the connect timeout, running its asynchronous work on {@code executor} when given. */
    public static HttpClient client(java.util.concurrent.Executor executor) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1);
        return (executor == null ? builder : builder.executor(executor)).build();
    }

    public Optional<Answer> forward(NodeId target, Relayed request) {
        try {
            HttpResponse<byte[]> response = client.send(build(target, request), HttpResponse.BodyHandlers.ofByteArray());
            if (failing.remove(target) != null) {
                LOG.info(() -> "Forwarding 1.x requests to " + target + " works again");
            }
            return Optional.of(new Answer(response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null), response.body()));
        } catch (IOException | IllegalArgumentException e) {
            failed(target, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failed(target, e);
        }
        return Optional.empty();
    }

    private HttpRequest build(NodeId target, Relayed request) {
        String host = target.host().contains(":") ? '[' + target.host() + ']' : target.host();
        URI uri = URI.create("http://" + host + ':' + target.port() + request.rawPath()
                + (request.rawQuery() == null ? "" : '?' + request.rawQuery()));
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(requestTimeout)
                .method(request.method(), request.body().length == 0 ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()))
                .header(FORWARDED_BY, self);
        request.headers().forEach((name, values) -> {
            if (RELAYED_HEADERS.contains(name)) {
                values.forEach(value -> builder.header(name, value));
            }
        });
        return builder.build();
    }

    private void failed(NodeId target, Exception e) {
        if (failing.put(target, Boolean.TRUE) == null) {
            LOG.warning(() -> "Cannot forward 1.x requests to " + target + " (" + e + "); handling them here until"
                    + " it answers again");
        }
    }

    private static Set<String> caseless(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(List.of(names));
        return set;
    }
}
