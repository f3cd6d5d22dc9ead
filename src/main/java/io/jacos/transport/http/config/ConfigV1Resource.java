package io.jacos.transport.http.config;

import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigQueries;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigWrite;
import io.jacos.application.archive.ArchiveFormat;
import io.jacos.auth.Need;
import io.jacos.model.GrayRule;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ArchiveUpload;
import io.jacos.transport.http.request.HttpRefusal;
import io.jacos.transport.http.request.LargeBody;
import io.jacos.transport.http.request.ParsedRequest;
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

import java.time.Clock;

/**
 * {@code /nacos/v1/cs/configs}: a configuration's content as the 1.x client reads it (plain text, its type and md5
 * in headers; 404 when there is none, on which the client clears its snapshot), its details ({@code show=all}),
 * searches ({@code search=accurate|blur}), publish (with the {@code casMd5} header for compare-and-set) and
 * removal. Writes answer {@code true}. Gray releases as Nacos 2.5.1 takes them: a publish with the {@code betaIps}
 * header or a {@code tag}, {@code beta=true} to read (GET) or stop (DELETE) the beta; a read is served the version
 * its IP or tag matches. The console's export ({@code export=true}, {@code exportV2=true}: a zip of the
 * namespace {@code tenant}) and import ({@code import=true}, a {@code multipart/form-data} upload into the namespace
 * {@code namespace}, answered as {@link ImportAnswers} says), clone ({@code clone=true}) and removal by row ids
 * ({@code delType=ids}) are here too, on the same path as in Nacos.
 */
@Path("cs/configs")
@ApplicationScoped
public class ConfigV1Resource {

    static final String NAMESPACE = "tenant";
    static final String EXPORT_NAME = "nacos_config_export_";

    private ConfigService configs;
    private ConfigQueries queries;
    private ConfigArchive archive;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;
    private Clock clock;
    private ConfigWrites writes;
    private ConfigGrays grays;
    private ConfigBatchHttp batch;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigV1Resource() {
    }

    @Inject
    public ConfigV1Resource(ConfigService configs, ConfigQueries queries, ConfigArchive archive, HttpJson json,
                            ParsedRequest request, Caller caller, Clock clock, ConfigWrites writes,
                            ConfigGrays grays, ConfigBatchHttp batch) {
        this.batch = batch;
        this.writes = writes;
        this.grays = grays;
        this.configs = configs;
        this.queries = queries;
        this.archive = archive;
        this.json = json;
        this.request = request;
        this.caller = caller;
        this.clock = clock;
    }

    @GET
    @Access(value = Need.READ, namespace = Access.Scope.TENANT, target = Access.Target.CONFIG)
    public Response get(@Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        if (params.bool("export", false) || params.bool("exportV2", false)) {
            ArchiveFormat format = params.bool("exportV2", false) ? ArchiveFormat.V2 : ArchiveFormat.V1;
            return ArchiveHttp.download(archive.export(new ConfigArchive.Export(params.text(NAMESPACE),
                    params.text("dataId"), params.text("group"), params.text("appName"), ArchiveHttp.ids(params),
                    format)), EXPORT_NAME, clock);
        }
        String search = params.text("search");
        if (search != null) {
            PageParams page = PageParams.of(params, 1, 100, ConfigQueries.MAX_PAGE_SIZE);
            return json.streamed(ConfigJson.page(queries.search(ConfigRequests.search(params, NAMESPACE, search),
                    page.pageNo(), page.pageSize()), page.pageNo(), page.pageSize(), ConfigJson::info));
        }
        if ("all".equals(params.text("show"))) {
            return queries.detail(ConfigRequests.ref(params, NAMESPACE)).map(ConfigJson::allInfo).map(json::ok)
                    .orElseGet(() -> HttpJson.text(""));
        }
        if (params.bool("beta", false)) {
            return json.ok(ConfigJson.beta(grays.find(ConfigRequests.ref(params, NAMESPACE), GrayRule.BETA_NAME)));
        }
        String tag = params.text("tag");
        return grays.read(ConfigRequests.ref(params, NAMESPACE), ConfigWrites.viewOf(servlet, tag), tag != null)
                .map(ConfigContent::served).orElseGet(ConfigContent::notFound);
    }

    @POST
    @LargeBody
    @Access(value = Need.WRITE, namespace = Access.Scope.TENANT, target = Access.Target.CONFIG)
    public Response publish(@Context HttpHeaders headers, @Context HttpServletRequest servlet) {
        if (request.params().bool("import", false)) {
            return ImportAnswers.noFile(json);
        }
        if (request.params().bool("clone", false)) {
            throw RegistryException.illegal("clone", "A clone takes its list as an application/json body.");
        }
        writes.publish(ConfigRequests.publish(request.params(), NAMESPACE, headers.getHeaderString("casMd5")),
                request.params(), headers.getHeaderString("betaIps"), source(servlet));
        return json.ok(Boolean.TRUE);
    }

    /**
     * The console's import. A multipart body comes here rather than to {@link #publish}, which takes forms; the
     * access check is on the namespace the import writes to.
     */
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @ArchiveUpload
    @Access(value = Need.WRITE, namespace = Access.Scope.IMPORT)
    public Response importArchive(@Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        if (!params.bool("import", false)) {
            throw RegistryException.illegal("import", "A multipart/form-data body is taken for import=true only.");
        }
        byte[] zip = request.upload();
        if (zip.length == 0) {
            return ImportAnswers.noFile(json);
        }
        try {
            return ImportAnswers.imported(json, archive.importArchive(params.text("namespace"), zip,
                    ArchiveHttp.policy(params), source(servlet)));
        } catch (RegistryException refused) {
            return ImportAnswers.refused(json, refused);
        }
    }

    /**
     * The console's clone ({@code clone=true}): the JSON body lists the configurations by row id, copied into the
     * namespace {@code tenant} with the import's policies and answers; the access check is on that namespace.
     */
    @POST
    @LargeBody
    @Consumes(MediaType.APPLICATION_JSON)
    @Access(value = Need.WRITE, namespace = Access.Scope.TENANT)
    public Response cloneConfigs(@Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        if (!params.bool("clone", false)) {
            // A publish with a JSON body lands here by its type: refused as the publish would refuse it.
            throw new HttpRefusal(415, "A request body here must be application/x-www-form-urlencoded; JSON is"
                    + " taken for clone=true only.");
        }
        var clones = batch.clones(request.jsonBody(), ConfigBatchHttp.CloneFields.V1);
        if (clones.isEmpty()) {
            return ImportAnswers.noneSelected(json);
        }
        try {
            return ImportAnswers.cloned(json, batch.cloneInto(params.text(NAMESPACE), clones, params,
                    source(servlet)));
        } catch (RegistryException refused) {
            return ImportAnswers.refused(json, refused);
        }
    }

    /**
     * Answers {@code true} whether or not there was a configuration to remove, as Nacos does; with {@code tag},
     * only that tag's gray version is stopped. {@code delType=ids} removes the configurations of the row ids
     * {@code ids}, in any namespace the caller may write, answered as Nacos's result. {@code beta=true} stops the
     * beta and answers as Nacos's stopBeta.
     */
    @DELETE
    @Access(value = Need.WRITE, namespace = Access.Scope.TENANT, target = Access.Target.CONFIG)
    public Response remove(@Context HttpServletRequest servlet) {
        if ("ids".equals(request.params().text("delType"))) {
            batch.removeByIds(request.params(), source(servlet));
            return json.ok(ConfigJson.result(null, Boolean.TRUE));
        }
        if (request.params().bool("beta", false)) {
            writes.stopBeta(ConfigRequests.ref(request.params(), NAMESPACE), source(servlet));
            return json.ok(ConfigJson.result("stop beta ok", Boolean.TRUE));
        }
        writes.remove(ConfigRequests.ref(request.params(), NAMESPACE), request.params(), source(servlet));
        return json.ok(Boolean.TRUE);
    }

    private ConfigWrite.Source source(HttpServletRequest servlet) {
        return new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr());
    }
}
