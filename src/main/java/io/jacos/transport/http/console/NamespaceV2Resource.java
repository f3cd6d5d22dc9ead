package io.jacos.transport.http.console;

import io.jacos.application.NamespaceService;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v2/console/namespace}, Nacos 2.x's namespace API: {@code list} (as the v1 console lists them, the
 * caller's readable ones with auth on), and one namespace by {@code namespaceId}: GET, POST (with
 * {@code namespaceName} and {@code namespaceDesc}; an empty {@code namespaceId} gets a generated one), PUT, DELETE,
 * answered {@code true} in the v2 envelope. Nacos requires {@code namespaceId} on every call but the list, even
 * empty; so does this. Where Nacos answers {@code true} for a namespace it does not hold, this answers 404, and
 * {@code public} and a namespace still holding services are not deleted (400). An id already taken is a 400 with
 * Nacos's code 22002, where Nacos answers 500: the caller, not the server, has to change something.
 */
@Path("console/namespace")
@ApplicationScoped
public class NamespaceV2Resource {

    private NamespaceService namespaces;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public NamespaceV2Resource() {
    }

    @Inject
    public NamespaceV2Resource(NamespaceService namespaces, HttpJson json, ParsedRequest request, Caller caller) {
        this.namespaces = namespaces;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Path("list")
    @Access(Need.IDENTITY)
    public Response list() {
        return json.ok(V2Result.success(NamespaceResource.visible(namespaces.list(), caller.identity())));
    }

    @GET
    @Access(Need.ADMIN)
    public Response detail() {
        String id = present(request.params(), "namespaceId");
        return json.ok(V2Result.success(NamespaceResource.shown(namespaces.get(id))));
    }

    @POST
    @Access(Need.ADMIN)
    public Response create() {
        RequestParams params = request.params();
        String id = present(params, "namespaceId");
        present(params, "namespaceName");
        namespaces.create(id, params.get("namespaceName"), params.get("namespaceDesc"));
        return json.ok(V2Result.success(true));
    }

    @PUT
    @Access(Need.ADMIN)
    public Response update() {
        RequestParams params = request.params();
        String id = params.required("namespaceId");
        present(params, "namespaceName");
        namespaces.update(id, params.get("namespaceName"), params.get("namespaceDesc"));
        return json.ok(V2Result.success(true));
    }

    @DELETE
    @Access(Need.ADMIN)
    public Response delete() {
        namespaces.delete(request.params().required("namespaceId"));
        return json.ok(V2Result.success(true));
    }

    /** The parameter's value, which may be empty; 400 (parameter missing) only when it is not sent at all. */
    private static String present(RequestParams params, String name) {
        String value = params.get(name);
        if (value == null) {
            throw RequestParams.missing(name);
        }
        return value;
    }
}
