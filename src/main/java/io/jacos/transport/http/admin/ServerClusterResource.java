package io.jacos.transport.http.admin;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.balance.NodeDrain;
import io.jacos.balance.Rebalancer;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.NodeReports;
import io.jacos.cluster.NodeReports.NodeReport;
import io.jacos.cluster.NodeState;
import io.jacos.model.NodeId;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's nodes and its operations. A node's state is the nodes API's (UP, SUSPICIOUS, DOWN); its
 * connections, clients and sync come from its last replication report. {@code lagMillis} is the age of that
 * report: how long ago this node last heard a digest or full snapshot from the peer (0 for this node, null when
 * none came). Digests come every {@code jacos.cluster.verify-interval}, so a lag well above it means this node's
 * copy of the peer's clients may be stale. Drain and undrain of another node are relayed to that node.
 */
@JsonBodies
@Path("cluster")
@Access(Need.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
@Tag(name = "Server and cluster")
public class ServerClusterResource {

    private ClusterMembers members;
    private Instance<NodeReports> reports;
    private NodeDrain drain;
    private Rebalancer rebalancer;
    private PeerAdmin peers;
    private Clock clock;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServerClusterResource() {
    }

    @Inject
    public ServerClusterResource(ClusterMembers members, Instance<NodeReports> reports, NodeDrain drain,
                                 Rebalancer rebalancer, PeerAdmin peers, Clock clock) {
        this.members = members;
        this.reports = reports;
        this.drain = drain;
        this.rebalancer = rebalancer;
        this.peers = peers;
        this.clock = clock;
    }

    @GET
    @Operation(summary = "The cluster", description = "Every node with its state, connections, clients, sync,"
            + " drained mark and replication lag (age of its last report)")
    @APIResponse(responseCode = "200", description = "{mode, self, nodes:[...]}")
    public Response cluster() {
        long now = clock.millis();
        NodeId self = members.self();
        List<Map<String, Object>> nodes = members.nodes().stream().map(state -> node(state, self, now)).toList();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("mode", members.clusterMode() ? "cluster" : "standalone");
        data.put("self", self.address());
        data.put("nodes", nodes);
        return AdminAnswers.ok(data);
    }

    @POST
    @Path("nodes/{address}/drain")
    @Operation(summary = "Drain a node", description = "Moves the node's connections to the other nodes and keeps"
            + " it drained (no new connections, none sent back by rebalancing) until undrained; the server keeps"
            + " running")
    @APIResponse(responseCode = "200", description = "{node, drained:true, asked, peers}")
    @APIResponse(responseCode = "404", description = "not a node of the cluster")
    @APIResponse(responseCode = "409", description = "standalone, no other node to take the connections (none"
            + " undrained, or none confirmed it holds what this node sent it), or the node did not answer")
    public Response drain(@PathParam("address") String address, @Context UriInfo uri) {
        return onNode(address, uri, () -> {
            try {
                NodeDrain.Result result = drain.drain();
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("node", members.self().address());
                data.put("drained", true);
                data.put("asked", result.asked());
                data.put("peers", result.peers().stream().map(NodeId::address).toList());
                return AdminAnswers.ok(data);
            } catch (IllegalStateException e) {
                return AdminAnswers.conflict("Cannot drain " + members.self().address() + ": " + e.getMessage() + ".");
            }
        });
    }

    @POST
    @Path("nodes/{address}/undrain")
    @Operation(summary = "Undrain a node", description = "The node accepts connections again; rebalancing fills it")
    @APIResponse(responseCode = "200", description = "{node, drained:false, changed}")
    @APIResponse(responseCode = "404", description = "not a node of the cluster")
    @APIResponse(responseCode = "409", description = "standalone, or the node did not answer")
    public Response undrain(@PathParam("address") String address, @Context UriInfo uri) {
        return onNode(address, uri, () -> {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("node", members.self().address());
            data.put("drained", false);
            data.put("changed", drain.undrain());
            return AdminAnswers.ok(data);
        });
    }

    @POST
    @Path("rebalance")
    @Operation(summary = "Rebalance now", description = "One rebalance pass on this node")
    @APIResponse(responseCode = "200", description = "{moved}: connections asked to move")
    @APIResponse(responseCode = "409", description = "standalone")
    public Response rebalance() {
        if (!members.clusterMode()) {
            return standalone();
        }
        return AdminAnswers.ok(Map.of("moved", rebalancer.rebalanceNow()));
    }

    /** Runs {@code here} when the address is this node, relays to a peer, refuses standalone or unknown nodes. */
    private Response onNode(String address, UriInfo uri,
                            java.util.function.Supplier<Response> here) {
        if (!members.clusterMode()) {
            return standalone();
        }
        NodeId node;
        try {
            node = NodeId.parse(address, members.self().port());
        } catch (IllegalArgumentException e) {
            return AdminAnswers.badRequest("'" + address + "' is not a node address host:port.");
        }
        if (node.equals(members.self())) {
            return here.get();
        }
        if (members.nodes().stream().noneMatch(state -> state.node().equals(node))) {
            return AdminAnswers.notFound("No node " + node.address() + " in the cluster.");
        }
        return peers.relay(node, "POST", uri.getRequestUri().getRawPath(), null, null,
                peers.relayedByPeer());
    }

    private static Response standalone() {
        return AdminAnswers.conflict("This server runs standalone: there is no cluster to drain or rebalance"
                + " (set nacos.member.list to run a cluster).");
    }

    private Map<String, Object> node(NodeState state, NodeId self, long now) {
        boolean isSelf = state.node().equals(self);
        Optional<NodeReport> report = reports.isResolvable() ? reports.get().report(state.node()) : Optional.empty();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("address", state.node().address());
        row.put("state", state.status().name());
        row.put("self", isSelf);
        row.put("connections", report.map(NodeReport::connections).orElse(null));
        row.put("clients", report.map(NodeReport::ownedClients).orElse(null));
        row.put("synced", report.map(NodeReport::synced).orElse(null));
        row.put("drained", isSelf ? drain.drained() : report.map(NodeReport::drained).orElse(false));
        row.put("lagMillis", isSelf ? Long.valueOf(0) : report.map(r -> Math.max(0, now - r.heardAtMillis()))
                .orElse(null));
        return row;
    }
}
