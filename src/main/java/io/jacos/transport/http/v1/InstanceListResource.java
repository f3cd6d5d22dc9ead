package io.jacos.transport.http.v1;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceListing;
import io.jacos.transport.http.InstanceListing.ListRequest;
import io.jacos.transport.http.param.ClientAgent;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /nacos/v1/ns/instance/list}, what 1.x clients poll. With {@code udpPort > 0} the caller is
 * subscribed for UDP pushes at the {@code clientIP} parameter (the request's source address when it is
 * absent): the client names the address it listens on, which a proxy or NAT would hide.
 */
@Path("ns/instance/list")
@ApplicationScoped
public class InstanceListResource {

    private InstanceListing listing;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceListResource() {
    }

    @Inject
    public InstanceListResource(InstanceListing listing, HttpJson json, ParsedRequest request) {
        this.listing = listing;
        this.json = json;
        this.request = request;
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.NAMING)
    public Response list(@Context HttpHeaders headers, @Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        String agent = ClientAgent.of(headers.getHeaderString(HttpHeaders.USER_AGENT),
                headers.getHeaderString("Client-Version"));
        return HttpJson.okJson(listing.listJson(new ListRequest(ServiceNames.v1(params), params.text("clusters", ""),
                params.bool("healthyOnly", false), agent, params.text("clientIP", servlet.getRemoteAddr()),
                params.integer("udpPort", 0), "udpPort", servlet.getRemoteAddr()), json));
    }
}
