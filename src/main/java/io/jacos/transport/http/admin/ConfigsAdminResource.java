package io.jacos.transport.http.admin;

import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigQueries;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigSearch;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.request.JsonBodies;
import io.jacos.transport.http.request.LargeBody;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /nacos/admin/configs}: the configurations of the namespace {@code namespaceId} as the console shows them.
 * A search page lists them without their content (a page of large configurations stays small); one configuration
 * is read whole, written with the md5 the editor loaded ({@code casMd5}: 409 when someone changed it since, and
 * nothing is written), and removed. The rules are {@link ConfigService}'s, as on every other transport.
 */
@Tag(name = "Configurations", description = "Search, read, edit and remove configurations")
@JsonBodies
@Path("configs")
@ApplicationScoped
public class ConfigsAdminResource {

    /** {@code PUT} body; {@code casMd5} absent or blank: written whatever is there now. */
    public record ConfigEdit(String content, String type, String desc, String tags, String appName, String casMd5) {
    }

    private ConfigService configs;
    private ConfigQueries queries;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigsAdminResource() {
    }

    @Inject
    public ConfigsAdminResource(ConfigService configs, ConfigQueries queries, HttpJson json, ParsedRequest request,
                                Caller caller) {
        this.configs = configs;
        this.queries = queries;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @Operation(summary = "A page of the namespace's configurations, without content; dataId and group match"
            + " exactly, or as patterns with * when search=blur")
    @GET
    @Access(Need.READ)
    public Response search() {
        int pageNo = AdminRequests.integer("pageNo", request.params().get("pageNo"), 1, 1, Integer.MAX_VALUE);
        int pageSize = AdminRequests.integer("pageSize", request.params().get("pageSize"), 20, 1,
                ConfigQueries.MAX_PAGE_SIZE);
        boolean blur = !"accurate".equals(request.params().text("search", "blur"));
        ConfigSearch search = new ConfigSearch(request.namespaceId(), request.params().text("dataId", ""),
                request.params().text("group", ""), request.params().text("appName", ""),
                request.params().text("tags", ""), blur);
        ConfigQueries.Listing<ConfigCatalog.Detail> page = queries.search(search, pageNo, pageSize);
        return json.streamed(V2Result.success(ConfigAdminJson.page(page, pageNo, pageSize)));
    }

    @Operation(summary = "One configuration with its content, type, description, tags and who wrote it last")
    @GET
    @Path("{group}/{dataId}")
    @Access(Need.READ)
    public Response detail(@PathParam("group") String group, @PathParam("dataId") String dataId) {
        ConfigCatalog.Detail detail = queries.detail(ref(group, dataId)).orElseThrow(ConfigsAdminResource::notFound);
        return json.ok(V2Result.success(ConfigAdminJson.detail(detail)));
    }

    @Operation(summary = "Creates or edits a configuration; with casMd5 only if it still holds that content (409"
            + " otherwise, nothing written)")
    @PUT
    @Path("{group}/{dataId}")
    @LargeBody
    @Access(Need.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    public Response publish(@PathParam("group") String group, @PathParam("dataId") String dataId,
                            @Context HttpServletRequest servlet) {
        ConfigEdit edit = AdminRequests.body(request.jsonBody(), ConfigEdit.class);
        ConfigStore.Published published = configs.publish(new ConfigPublish(ref(group, dataId), edit.content(),
                edit.type(), null, edit.appName(), edit.desc(), edit.tags(), edit.casMd5()), source(servlet));
        if (published.outcome() == ConfigStore.Outcome.CAS_MISMATCH) {
            throw RegistryException.casMismatch();
        }
        return detail(group, dataId);
    }

    @Operation(summary = "Removes a configuration; one that is not there is unknown (404)")
    @DELETE
    @Path("{group}/{dataId}")
    @Access(Need.WRITE)
    public Response remove(@PathParam("group") String group, @PathParam("dataId") String dataId,
                           @Context HttpServletRequest servlet) {
        if (!configs.remove(ref(group, dataId), source(servlet))) {
            throw notFound();
        }
        return json.ok(V2Result.success(true));
    }

    @Operation(summary = "The configuration's changes, newest first, without content")
    @GET
    @Path("{group}/{dataId}/history")
    @Access(Need.READ)
    public Response history(@PathParam("group") String group, @PathParam("dataId") String dataId) {
        int pageNo = AdminRequests.integer("pageNo", request.params().get("pageNo"), 1, 1, Integer.MAX_VALUE);
        int pageSize = AdminRequests.integer("pageSize", request.params().get("pageSize"), 50, 1,
                ConfigQueries.MAX_PAGE_SIZE);
        ConfigQueries.Listing<ConfigCatalog.Change> page = queries.history(ref(group, dataId), pageNo, pageSize);
        return json.ok(V2Result.success(ConfigAdminJson.changes(page, pageNo, pageSize)));
    }

    @Operation(summary = "One change with the content it recorded: the new content for op I, the content before"
            + " for U and D")
    @GET
    @Path("{group}/{dataId}/history/{nid}")
    @Access(Need.READ)
    public Response change(@PathParam("group") String group, @PathParam("dataId") String dataId,
                           @PathParam("nid") String nid) {
        ConfigCatalog.Change change = queries.change(ref(group, dataId), changeId(nid))
                .orElseThrow(ConfigsAdminResource::notFound);
        return json.ok(V2Result.success(ConfigAdminJson.change(change, true)));
    }

    private static long changeId(String text) {
        try {
            long id = Long.parseLong(text);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // Refused below, as a number out of range is.
        }
        throw RegistryException.illegal("nid", "Param 'nid' is illegal: '" + text + "' (expected a positive number).");
    }

    private ConfigRef ref(String group, String dataId) {
        return new ConfigRef(request.namespaceId(), group, dataId);
    }

    private ConfigWrite.Source source(HttpServletRequest servlet) {
        return new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr());
    }

    private static RegistryException notFound() {
        return new RegistryException(RegistryException.NOT_FOUND, "config data not exist");
    }
}
