package io.jacos.transport.http.console;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.Action;
import io.jacos.auth.Identity;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.NamespaceService;
import io.jacos.application.NamespaceService.NamespaceInfo;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.RequestParams;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/v1/console/namespaces}, as the Nacos 2.x console calls it. The list comes wrapped as
 * {@code {"code":200,"message":null,"data":[...]}} with {@code public} first, its id shown as the empty string
 * (Nacos 2.x's name for the default namespace); the other calls answer bare JSON. Where Nacos answers
 * {@code false} for a refused create or edit, this answers 400 with the reason.
 */
@Path("console/namespaces")
@ApplicationScoped
public class NamespaceResource {

    static final String PUBLIC = "public";
    static final int QUOTA = 200;
    static final int TYPE_GLOBAL = 0;
    static final int TYPE_CUSTOM = 2;

    private NamespaceService namespaces;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public NamespaceResource() {
    }

    @Inject
    public NamespaceResource(NamespaceService namespaces, HttpJson json, ParsedRequest request, Caller caller) {
        this.namespaces = namespaces;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Access(Need.IDENTITY)
    public Response read() {
        RequestParams params = request.params();
        Identity identity = caller.identity();
        if ("all".equals(params.get("show"))) {
            String id = params.text("namespaceId", PUBLIC);
            if (!identity.may(id, Action.READ)) {
                throw new AccessRefused(AccessRefused.Reason.FORBIDDEN, "authorization failed!");
            }
            return json.ok(shown(namespaces.get(id)));
        }
        if ("true".equals(params.get("checkNamespaceIdExist"))) {
            String id = params.text("customNamespaceId");
            return json.ok(id != null && namespaces.list().stream().anyMatch(n -> n.id().equals(id)));
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("code", 200);
        answer.put("message", null);
        answer.put("data", visible(namespaces.list(), identity));
        return json.ok(answer);
    }

    /**
     * The namespaces as Nacos's console lists them, {@code public} first: with auth on, those the caller may read
     * (an admin, and everyone with auth off, sees all).
     */
    static List<Map<String, Object>> visible(List<NamespaceInfo> all, Identity identity) {
        List<Map<String, Object>> data = new ArrayList<>();
        if (identity.may(PUBLIC, Action.READ)) {
            data.add(shown(all.stream().filter(n -> PUBLIC.equals(n.id())).findFirst()
                    .orElse(new NamespaceInfo(PUBLIC, PUBLIC, "Default Namespace", 0, 0))));
        }
        all.stream().filter(n -> !PUBLIC.equals(n.id()) && identity.may(n.id(), Action.READ))
                .map(NamespaceResource::shown).forEach(data::add);
        return data;
    }

    @POST
    @Access(Need.ADMIN)
    public Response create() {
        RequestParams params = request.params();
        String name = params.required("namespaceName");
        namespaces.create(params.text("customNamespaceId"), name, params.get("namespaceDesc"));
        return json.ok(true);
    }

    @PUT
    @Access(Need.ADMIN)
    public Response update() {
        RequestParams params = request.params();
        namespaces.update(params.required("namespace"), params.required("namespaceShowName"),
                params.get("namespaceDesc"));
        return json.ok(true);
    }

    @DELETE
    @Access(Need.ADMIN)
    public Response delete() {
        namespaces.delete(request.params().required("namespaceId"));
        return json.ok(true);
    }

    static Map<String, Object> shown(NamespaceInfo namespace) {
        boolean isPublic = PUBLIC.equals(namespace.id());
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("namespace", isPublic ? "" : namespace.id());
        shown.put("namespaceShowName", namespace.name());
        shown.put("namespaceDesc", namespace.description());
        shown.put("quota", QUOTA);
        shown.put("configCount", 0);
        shown.put("type", isPublic ? TYPE_GLOBAL : TYPE_CUSTOM);
        return shown;
    }
}
