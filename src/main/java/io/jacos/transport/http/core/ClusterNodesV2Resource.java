package io.jacos.transport.http.core;

import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.MemberListing;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code GET /nacos/v2/core/cluster/node/list} (narrowed by {@code address}, a part of the node's address, and
 * {@code state}, a node state by Nacos's name in any case) and {@code GET /nacos/v2/core/cluster/node/self}, in the
 * v2 envelope. Nacos's states {@code STARTING} and {@code ISOLATION} are names this server's nodes never take, so
 * they list nobody; a name that is no state is a 400 with Nacos's code for an illegal state.
 */
@Path("core/cluster")
@Access(Need.IDENTITY)
@ApplicationScoped
public class ClusterNodesV2Resource {

    private static final Set<String> STATES = Set.of("STARTING", "UP", "SUSPICIOUS", "DOWN", "ISOLATION");

    private MemberListing listing;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ClusterNodesV2Resource() {
    }

    @Inject
    public ClusterNodesV2Resource(MemberListing listing, HttpJson json, ParsedRequest request) {
        this.listing = listing;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("node/list")
    public Response nodes() {
        RequestParams params = request.params();
        Optional<String> address = Optional.ofNullable(params.text("address"));
        String state = params.text("state");
        if (state != null && !STATES.contains(state.toUpperCase(Locale.ROOT))) {
            throw RequestParams.illegal("state", state, "one of " + String.join(", ", STATES.stream().sorted()
                    .toList()));
        }
        List<Map<String, Object>> nodes = listing.nodes(address).stream()
                .filter(node -> state == null || state.equalsIgnoreCase(String.valueOf(node.get("state"))))
                .toList();
        return json.ok(V2Result.success(nodes));
    }

    @GET
    @Path("node/self")
    public Response self() {
        return json.ok(V2Result.success(listing.self()));
    }
}
