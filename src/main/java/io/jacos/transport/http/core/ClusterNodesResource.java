package io.jacos.transport.http.core;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.MemberListing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /nacos/v1/core/cluster/nodes} (optionally filtered by {@code keyword} in the address) and
 * {@code GET /nacos/v1/core/cluster/node/self}, answered as Nacos does: {@code {"code":200,"message":null,
 * "data":...}}. A standalone node lists itself.
 */
@Path("core/cluster")
@Access(Need.IDENTITY)
@ApplicationScoped
public class ClusterNodesResource {

    private MemberListing listing;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ClusterNodesResource() {
    }

    @Inject
    public ClusterNodesResource(MemberListing listing, HttpJson json, ParsedRequest request) {
        this.listing = listing;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("nodes")
    public Response nodes() {
        String keyword = request.params().get("keyword");
        return json.ok(result(listing.nodes(Optional.ofNullable(keyword).filter(word -> !word.isBlank()))));
    }

    @GET
    @Path("node/self")
    public Response self() {
        return json.ok(result(listing.self()));
    }

    private static Map<String, Object> result(Object data) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("code", 200);
        answer.put("message", null);
        answer.put("data", data);
        return answer;
    }
}
