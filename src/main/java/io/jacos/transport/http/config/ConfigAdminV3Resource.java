package io.jacos.transport.http.config;

import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigQueries;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.GrayRule;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.LargeBody;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/admin/cs/config}, as Nacos 3's maintainer SDK calls it: a configuration's details (404 with
 * code 20004 when there is none), publish (form parameters; {@code casMd5} taken from the header as Nacos does),
 * removal (a {@code betaIps} header or a {@code tag} makes a publish gray; a {@code tag} makes a removal stop that
 * tag's gray version), {@code /beta} (GET its beta, DELETE stop it), {@code /list}, a search by data id,
 * group, app and tags, blur by default, {@code /batch} (DELETE by row ids) and {@code /clone}. Everything answers
 * in the v3 envelope, which is v2's.
 */
@Path("admin/cs/config")
@ApplicationScoped
public class ConfigAdminV3Resource {

    private ConfigQueries queries;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;
    private ConfigWrites writes;
    private ConfigGrays grays;
    private ConfigBatchHttp batch;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigAdminV3Resource() {
    }

    @Inject
    public ConfigAdminV3Resource(ConfigQueries queries, HttpJson json, ParsedRequest request,
                                 Caller caller, ConfigWrites writes, ConfigGrays grays, ConfigBatchHttp batch) {
        this.batch = batch;
        this.writes = writes;
        this.grays = grays;
        this.queries = queries;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response detail() {
        return queries.detail(ConfigRequests.refV3(request.params()))
                .map(detail -> json.ok(V2Result.success(ConfigV3Json.detail(detail))))
                .orElseThrow(() -> new RegistryException(RegistryException.NOT_FOUND,
                        "Config not exist, please publish Config first."));
    }

    @POST
    @LargeBody
    @Access(value = Need.WRITE, target = Access.Target.CONFIG_V3)
    public Response publish(@Context HttpHeaders headers, @Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        var ref = ConfigRequests.refV3(params);
        params.required("content");
        writes.publish(ConfigRequests.publish(params, ref, headers.getHeaderString("casMd5")), params,
                headers.getHeaderString("betaIps"), source(servlet));
        return json.ok(V2Result.success(true));
    }

    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.CONFIG_V3)
    public Response remove(@Context HttpServletRequest servlet) {
        var ref = ConfigRequests.refV3(request.params());
        writes.remove(ref, request.params(), source(servlet));
        return json.ok(V2Result.success(true));
    }

    /** Removes the configurations of the row ids {@code ids}, in any namespace the caller may write. */
    @DELETE
    @Path("batch")
    @Access(Need.WRITE)
    public Response removeByIds(@Context HttpServletRequest servlet) {
        batch.removeByIds(request.params(), source(servlet));
        return json.ok(V2Result.success(true));
    }

    /**
     * Copies the configurations the JSON body lists ({@code configId}, {@code targetGroupName},
     * {@code targetDataId}) into {@code namespaceId} with the import's {@code policy}, answered with its counts.
     */
    @POST
    @Path("clone")
    @LargeBody
    @Consumes(MediaType.APPLICATION_JSON)
    @Access(Need.WRITE)
    public Response cloneConfigs(@Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        var clones = batch.clones(request.jsonBody(), ConfigBatchHttp.CloneFields.V3);
        if (clones.isEmpty()) {
            return ImportAnswers.noneSelectedV3(json);
        }
        try {
            return json.ok(V2Result.success(ArchiveHttp.counts(batch.cloneInto(params.text("namespaceId"), clones,
                    params, source(servlet)))));
        } catch (RegistryException refused) {
            return ImportAnswers.refusedV3(json, refused);
        }
    }

    /** The beta of the configuration, as Nacos 3's ConfigGrayInfo; 404 code 20004 when it is not in beta. */
    @GET
    @Path("beta")
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response beta() {
        return grays.find(ConfigRequests.refV3(request.params()), GrayRule.BETA_NAME)
                .map(gray -> json.ok(V2Result.success(ConfigV3Json.gray(gray))))
                .orElseThrow(() -> new RegistryException(RegistryException.NOT_FOUND, "Config is not in beta."));
    }

    /** Stops the configuration's beta; {@code true} whether or not it was in beta, as Nacos 3 answers. */
    @DELETE
    @Path("beta")
    @Access(value = Need.WRITE, target = Access.Target.CONFIG_V3)
    public Response stopBeta(@Context HttpServletRequest servlet) {
        writes.stopBeta(ConfigRequests.refV3(request.params()), source(servlet));
        return json.ok(V2Result.success(true));
    }

    @GET
    @Path("list")
    @Access(Need.READ)
    public Response list() {
        RequestParams params = request.params();
        PageParams page = PageParams.of(params, 1, 100, ConfigQueries.MAX_PAGE_SIZE);
        return json.streamed(V2Result.success(ConfigJson.page(queries.search(ConfigRequests.searchV3(params),
                page.pageNo(), page.pageSize()), page.pageNo(), page.pageSize(), ConfigV3Json::basic)));
    }

    private ConfigWrite.Source source(HttpServletRequest servlet) {
        return new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr());
    }
}
