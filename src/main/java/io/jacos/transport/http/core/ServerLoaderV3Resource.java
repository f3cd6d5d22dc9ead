package io.jacos.transport.http.core;

import io.jacos.application.ConnectionDirectory;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.application.ConnectionHandoff;
import io.jacos.auth.Need;
import io.jacos.balance.Rebalancer;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /nacos/v3/admin/core/loader}, this node's SDK connections as Nacos 3's maintainer SDK reads and moves them:
 * {@code current} (each connection by id, in Nacos's connection shape), {@code reloadCurrent} (keep the oldest
 * {@code count} connections, ask the newer ones to move), {@code reloadClient} (one connection), both to
 * {@code redirectAddress} when given, else to the next server of the client's own list; {@code smartReloadCluster}
 * (a rebalance pass of this node now, {@code loaderFactor} as its ratio: each node balances its own connections,
 * see docs/operations.md) and {@code cluster} ({@link LoaderMetrics}). For a global admin. The moves answer
 * before the clients have moved, as Nacos's do.
 */
@Path("admin/core/loader")
@ApplicationScoped
public class ServerLoaderV3Resource {

    private static final String APP_LABEL = "AppName";

    private ConnectionDirectory directory;
    private ConnectionHandoff handoff;
    private Rebalancer rebalancer;
    private ClusterMembers members;
    private LoaderMetrics metrics;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServerLoaderV3Resource() {
    }

    @Inject
    public ServerLoaderV3Resource(ConnectionDirectory directory, ConnectionHandoff handoff, Rebalancer rebalancer,
                                  ClusterMembers members, LoaderMetrics metrics, HttpJson json,
                                  ParsedRequest request) {
        this.directory = directory;
        this.handoff = handoff;
        this.rebalancer = rebalancer;
        this.members = members;
        this.metrics = metrics;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("current")
    @Access(Need.ADMIN)
    public Response current() {
        Map<String, Object> connections = new LinkedHashMap<>();
        for (ConnectionInfo info : directory.list()) {
            connections.put(info.id(), connection(info));
        }
        return json.ok(V2Result.success(connections));
    }

    @POST
    @Path("reloadCurrent")
    @Access(Need.ADMIN)
    public Response reloadCurrent() {
        RequestParams params = request.params();
        int keep = params.requiredInteger("count");
        if (keep < 0) {
            throw RequestParams.illegal("count", Integer.toString(keep), "a count of connections to keep, 0 or more");
        }
        Optional<NodeId> target = redirect(params);
        List<String> ids = handoff.connectionIds();
        // The newest move, as in rebalancing: long-lived connections keep their settled state here.
        for (String id : ids.subList(Math.min(keep, ids.size()), ids.size())) {
            target.ifPresentOrElse(node -> handoff.moveTo(id, node), () -> handoff.reset(id));
        }
        return json.ok(V2Result.success(null));
    }

    @POST
    @Path("reloadClient")
    @Access(Need.ADMIN)
    public Response reloadClient() {
        RequestParams params = request.params();
        String id = params.required("connectionId");
        Optional<NodeId> target = redirect(params);
        boolean asked = target.map(node -> handoff.moveTo(id, node)).orElseGet(() -> handoff.reset(id));
        if (!asked) {
            // Nacos answers success for an unknown id; a caller should know nothing was moved.
            throw new RegistryException(RegistryException.NOT_FOUND, "No connection with id '" + id
                    + "' is open on this node.");
        }
        return json.ok(V2Result.success(null));
    }

    @POST
    @Path("smartReloadCluster")
    @Access(Need.ADMIN)
    public Response smartReloadCluster() {
        String factor = request.params().text("loaderFactor", "0.1");
        double ratio;
        try {
            ratio = Double.parseDouble(factor.trim());
        } catch (NumberFormatException e) {
            ratio = Double.NaN;
        }
        if (!(ratio >= 0 && ratio <= 1)) {
            throw RequestParams.illegal("loaderFactor", factor, "a number from 0 to 1");
        }
        rebalancer.rebalanceNow(ratio);
        return json.ok(V2Result.success(null));
    }

    @GET
    @Path("cluster")
    @Access(Need.ADMIN)
    public Response cluster() {
        return json.ok(V2Result.success(metrics.cluster()));
    }

    /** A node of the current view other than this one, as {@code host:port} (its HTTP port). */
    private Optional<NodeId> redirect(RequestParams params) {
        String address = params.text("redirectAddress");
        if (address == null || address.isBlank()) {
            return Optional.empty();
        }
        NodeId node;
        try {
            node = NodeId.parse(address.trim(), members.self().port());
        } catch (IllegalArgumentException e) {
            throw RequestParams.illegal("redirectAddress", address, "a node's host:port");
        }
        if (node.equals(members.self()) || !members.members().contains(node)) {
            throw RequestParams.illegal("redirectAddress", address, "another node of the cluster's current view "
                    + members.members().stream().map(NodeId::address).toList());
        }
        return Optional.of(node);
    }

    private Map<String, Object> connection(ConnectionInfo info) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("connectType", "GRPC");
        meta.put("clientIp", info.clientIp());
        meta.put("remoteIp", info.clientIp());
        meta.put("remotePort", 0);
        meta.put("localPort", 0);
        meta.put("version", info.clientVersion());
        meta.put("connectionId", info.id());
        meta.put("createTime", info.connectedAt());
        meta.put("lastActiveTime", info.lastActiveAt());
        meta.put("appName", info.labels().getOrDefault(APP_LABEL, "-"));
        meta.put("namespaceId", info.labels().get("namespaceId"));
        meta.put("labels", info.labels());
        Map<String, Object> connection = new LinkedHashMap<>();
        connection.put("traced", false);
        connection.put("abilityTable", Map.of());
        connection.put("metaInfo", meta);
        return connection;
    }
}
