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
 * request keeps the method, path, query and body, and the headers that identify the client; it carries what
 * {@link Origin} adds to show it comes from this node ({@link PeerProof}: the sender {@value #FORWARDED_BY} and,
 * with a cluster secret, a MAC). A peer that cannot be reached in the timeouts yields nothing, so the caller
 * handles the request itself; that is logged once per run of failures per peer, not per request, naming the peer
 * and the kind of failure only: a request's URI, whose query may hold an access token, is never logged.
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
    private final Origin origin;
    private final Duration requestTimeout;
    private final Map<NodeId, Boolean> failing = new ConcurrentHashMap<>();

    /** A request to relay: {@code rawPath} as received (context root included, still %-encoded). */
    public record Relayed(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
                          byte[] body) {
    }

    /** What the peer answered. */
    public record Answer(int status, String contentType, byte[] body) {
    }

    /** The headers a relay carries to show which node sent it. */
    @FunctionalInterface
    public interface Origin {
        Map<String, String> headersFor(String method, String rawPath, String rawQuery, byte[] body);
    }

    public PeerForwarding(HttpClient client, Origin origin, Duration requestTimeout) {
        this.client = client;
        this.origin = origin;
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
                LOG.info(() -> "Relaying requests to " + target + " works again");
            }
            return Optional.of(new Answer(response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null), response.body()));
        } catch (IllegalArgumentException e) {
            // This request's URI or a header cannot be sent as it is; the peer may well be fine.
            LOG.fine(() -> "A request cannot be relayed to " + target + " (" + reason(e) + "); handled here");
        } catch (IOException e) {
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
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        origin.headersFor(request.method(), request.rawPath(), request.rawQuery(), request.body())
                .forEach(builder::header);
        request.headers().forEach((name, values) -> {
            if (RELAYED_HEADERS.contains(name)) {
                values.forEach(value -> builder.header(name, value));
            }
        });
        return builder.build();
    }

    private void failed(NodeId target, Exception e) {
        if (failing.put(target, Boolean.TRUE) == null) {
            LOG.warning(() -> "Cannot relay requests to " + target + " (" + reason(e) + "); until it answers again"
                    + " they are handled here or refused");
        }
    }

    /** The failure's kind, never its message: URI and header errors quote the request, query and token included. */
    static String reason(Exception e) {
        String kind = e.getClass().getSimpleName();
        if (e instanceof java.net.http.HttpConnectTimeoutException) {
            return kind + ": no connection within " + CONNECT_TIMEOUT.toMillis() + " ms";
        }
        if (e instanceof java.net.http.HttpTimeoutException) {
            return kind + ": no answer within the timeout";
        }
        if (e instanceof java.net.ConnectException) {
            return kind + ": connection refused or unreachable";
        }
        if (e instanceof IllegalArgumentException) {
            return kind + ": not a valid URI or header";
        }
        return kind;
    }

    private static Set<String> caseless(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(List.of(names));
        return set;
    }
}
