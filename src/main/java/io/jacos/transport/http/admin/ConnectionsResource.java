package io.jacos.transport.http.admin;

import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.ConnectionDirectory;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.application.ConnectionHandoff;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.NodeId;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientView.LeaseState;
import jakarta.enterprise.context.RequestScoped;
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

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The clients connected to the cluster: this node's gRPC connections with what their setup said, and the 1.x
 * clients (one per {@code ip:port}); in cluster mode also the peers' clients as replication knows them. A peer's
 * connection shows only its id and node: its IP, version, labels and times live on that node, and this page does
 * not call every peer to list them ({@code null} here). Resetting a connection asks its client to reconnect.
 */
@JsonBodies
@Path("connections")
@Access(Need.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
@Tag(name = "Connections", description = "Client connections and forcing a client to reconnect")
public class ConnectionsResource {

    private ConnectionDirectory directory;
    private ConnectionHandoff handoff;
    private RegistryReader reader;
    private ClusterMembers members;
    private PeerAdmin peers;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConnectionsResource() {
    }

    @Inject
    public ConnectionsResource(ConnectionDirectory directory, ConnectionHandoff handoff, RegistryReader reader,
                               ClusterMembers members, PeerAdmin peers) {
        this.directory = directory;
        this.handoff = handoff;
        this.reader = reader;
        this.members = members;
        this.peers = peers;
    }

    @GET
    @Operation(summary = "List connections", description = "gRPC connections (this node's in full, peers' by id and"
            + " node) and 1.x ip:port clients")
    @APIResponse(responseCode = "200", description = "{connections:[...], ipPortClients:[...]}")
    public Response list() {
        String self = members.self().address();
        List<Map<String, Object>> connections = new java.util.ArrayList<>();
        for (ConnectionInfo info : directory.list()) {
            connections.add(connection(info.id(), info.clientIp(), info.clientVersion(), info.labels(),
                    info.connectedAt(), info.lastActiveAt(), self));
        }
        reader.clientsOf(ClientKind.CONNECTION).stream().filter(c -> !self.equals(c.owner()))
                .sorted(Comparator.comparing(ClientView::owner).thenComparing(c -> c.id().value()))
                .forEach(c -> connections.add(connection(c.id().value(), null, null, null, null, null, c.owner())));
        List<Map<String, Object>> ipPortClients = reader.clientsOf(ClientKind.IP_PORT).stream()
                .sorted(Comparator.comparing(c -> c.id().value()))
                .map(c -> ipPortClient(c, self)).toList();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("connections", connections);
        data.put("ipPortClients", ipPortClients);
        return AdminAnswers.ok(data);
    }

    @POST
    @Path("{id}/reset")
    @Operation(summary = "Reset a connection", description = "Sends the client a ConnectResetRequest: to the target"
            + " node when given ({\"target\":\"host:port\"}), else to the next server of its own list. A peer's"
            + " connection is relayed to its node.")
    @APIResponse(responseCode = "200", description = "true: the client was asked")
    @APIResponse(responseCode = "400", description = "bad body or target")
    @APIResponse(responseCode = "404", description = "no such connection")
    @APIResponse(responseCode = "409", description = "a peer's connection whose node could not be reached")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response reset(@PathParam("id") String id, String body, @Context UriInfo uri) {
        Optional<String> target;
        try {
            target = AdminBodies.optionalText(body, "target");
        } catch (IllegalArgumentException e) {
            return AdminAnswers.badRequest(e.getMessage());
        }
        NodeId node = null;
        if (target.isPresent()) {
            try {
                node = NodeId.parse(target.get(), members.self().port());
            } catch (IllegalArgumentException e) {
                return AdminAnswers.badRequest("target must be a node's host:port, not '" + target.get() + "'.");
            }
            if (node.equals(members.self())) {
                return AdminAnswers.badRequest("target " + node.address() + " is this node, where the connection"
                        + " already is; omit target to let the client pick another server.");
            }
            if (!members.members().contains(node)) {
                return AdminAnswers.badRequest("target " + node.address() + " is not a node of the cluster's current"
                        + " view " + members.members().stream().map(NodeId::address).toList() + ".");
            }
        }
        ClientId client = new ClientId(id);
        if (directory.find(client).isPresent()) {
            boolean asked = node == null ? handoff.reset(id) : handoff.moveTo(id, node);
            return asked ? AdminAnswers.ok(true) : unknown(id);
        }
        Optional<ClientView> copy = reader.client(client).filter(c -> c.kind() == ClientKind.CONNECTION);
        if (copy.isPresent() && !members.self().address().equals(copy.get().owner())) {
            NodeId owner = NodeId.parse(copy.get().owner(), members.self().port());
            return peers.relay(owner, "POST", uri.getRequestUri().getRawPath(), null, body,
                    peers.relayedByPeer());
        }
        return unknown(id);
    }

    private static Response unknown(String id) {
        return AdminAnswers.notFound("No connection with id '" + id + "' is open on this node or known from a peer.");
    }

    private static Map<String, Object> connection(String id, String clientIp, String version, Map<String, String> labels,
                                                  Long connectedAt, Long lastActiveAt, String node) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("clientIp", clientIp);
        row.put("clientVersion", version);
        row.put("labels", labels);
        row.put("connectedAt", connectedAt);
        row.put("lastActiveAt", lastActiveAt);
        row.put("transport", "grpc");
        row.put("node", node);
        return row;
    }

    /** A 1.x client; its last beat is known only where it is owned (a copy's leases are not its beats). */
    private static Map<String, Object> ipPortClient(ClientView client, String self) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", client.id().value());
        row.put("address", client.id().ipPort().map(p -> p.ip() + ':' + p.port()).orElse(null));
        row.put("transport", "http");
        row.put("node", client.owner());
        row.put("lastBeatAt", self.equals(client.owner()) ? client.published().keySet().stream()
                .map(client::lease).flatMap(Optional::stream).mapToLong(LeaseState::renewedAtMillis).max().stream()
                .boxed().findFirst().orElse(null) : null);
        return row;
    }
}
