package io.jacos.transport.http.forward;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Logger;

/**
 * A question every node answers for itself (who listens to a configuration there), asked of every peer at once:
 * the same GET, with proof that a peer asks, so each peer answers from its own state and asks no one further. A
 * peer that does not answer within {@link PeerForwarding#REQUEST_TIMEOUT}, or answers other than 200 or no JSON, is
 * left out: the answer is then what the others know, as Nacos's own collection of listeners is.
 */
@ApplicationScoped
public class PeerQueries {

    private static final Logger LOG = Logger.getLogger(PeerQueries.class.getName());
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ClusterMembers members;
    /** The container's executor is a resource, not a CDI bean, so it cannot come through the constructor. */
    @Resource
    private ManagedExecutorService executor;
    private LazyPeerForwarding forwarding;

    /** For the container's proxy. */
    protected PeerQueries() {
    }

    @Inject
    public PeerQueries(ClusterMembers members, PeerProof proof) {
        this.members = members;
        this.forwarding = new LazyPeerForwarding(() -> executor, proof, PeerForwarding.REQUEST_TIMEOUT);
    }

    /**
     * Every peer's JSON answer to {@code GET rawPath?rawQuery}; none on a standalone node.
     *
     * @param token the caller's access token, checked again by each peer, or null
     */
    public List<JsonNode> askPeers(String rawPath, String rawQuery, String token) {
        if (!members.clusterMode()) {
            return List.of();
        }
        Map<String, List<String>> headers = token == null ? Map.of("Accept", List.of("application/json"))
                : Map.of("Accept", List.of("application/json"), "Authorization", List.of("Bearer " + token));
        PeerForwarding.Relayed request = new PeerForwarding.Relayed("GET", rawPath, rawQuery, headers, new byte[0]);
        List<CompletableFuture<Optional<PeerForwarding.Answer>>> asked = new ArrayList<>();
        for (NodeId peer : members.members()) {
            if (!peer.equals(members.self())) {
                asked.add(CompletableFuture.supplyAsync(() -> forwarding.get().forward(peer, request), executor));
            }
        }
        long deadline = System.nanoTime() + PeerForwarding.REQUEST_TIMEOUT.toNanos();
        List<JsonNode> answers = new ArrayList<>();
        for (CompletableFuture<Optional<PeerForwarding.Answer>> answer : asked) {
            parsed(answer, deadline).ifPresent(answers::add);
        }
        return answers;
    }

    private static Optional<JsonNode> parsed(CompletableFuture<Optional<PeerForwarding.Answer>> pending,
                                             long deadline) {
        try {
            Optional<PeerForwarding.Answer> answer = pending.get(Math.max(0, deadline - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
            if (answer.isEmpty() || answer.get().status() != 200) {
                return Optional.empty();
            }
            return Optional.of(MAPPER.readTree(answer.get().body()));
        } catch (TimeoutException | ExecutionException | IOException e) {
            pending.cancel(true);
            LOG.fine(() -> "A peer's answer was left out: " + e.getClass().getSimpleName());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

}
