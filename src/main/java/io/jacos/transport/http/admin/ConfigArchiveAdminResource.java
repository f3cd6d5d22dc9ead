package io.jacos.transport.http.admin;

import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigWrite;
import io.jacos.application.archive.ArchiveFormat;
import io.jacos.auth.Need;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ArchiveUpload;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Clock;
import java.util.Locale;

/**
 * {@code /nacos/admin/config-archive}: a namespace's configurations as the Nacos console's zip ({@code GET}, the
 * second format unless {@code format=v1}; {@code group}, {@code dataId} with {@code *}, {@code appName} and
 * {@code ids} choose), and an import of such a zip ({@code POST}, the zip itself as the body, {@code policy} ABORT,
 * SKIP or OVERWRITE) answered with Nacos's counts. Both in the namespace {@code namespaceId} ({@code public} when
 * absent), which the caller needs a read or write grant on; a refused archive answers 400.
 */
@Tag(name = "Configuration archives", description = "Export and import a namespace's configurations as a zip")
@Path("config-archive")
@ApplicationScoped
public class ConfigArchiveAdminResource {

    private ConfigArchive archive;
    private ParsedRequest request;
    private Caller caller;
    private Clock clock;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigArchiveAdminResource() {
    }

    @Inject
    public ConfigArchiveAdminResource(ConfigArchive archive, ParsedRequest request, Caller caller, Clock clock) {
        this.archive = archive;
        this.request = request;
        this.caller = caller;
        this.clock = clock;
    }

    @Operation(summary = "The namespace's configurations as the Nacos console's export zip")
    @GET
    @Access(Need.READ)
    public Response export() {
        RequestParams params = request.params();
        String namespace = request.namespaceId();
        byte[] zip = archive.export(new ConfigArchive.Export(namespace, params.text("dataId"), params.text("group"),
                params.text("appName"), ArchiveHttp.ids(params), format(params)));
        return ArchiveHttp.download(zip, "jacos_config_" + ConfigKey.namespaceOf(namespace) + "_", clock);
    }

    @Operation(summary = "Imports a Nacos console export zip (the request body) into the namespace")
    @POST
    @Consumes({ArchiveHttp.ZIP, "application/x-zip-compressed", "application/octet-stream"})
    @ArchiveUpload
    @Access(Need.WRITE)
    public Response importArchive(@Context HttpServletRequest servlet) {
        byte[] zip = request.upload();
        if (zip.length == 0) {
            throw RegistryException.archive(RegistryException.Reason.ARCHIVE_EMPTY, "The request has no zip body.");
        }
        ConfigArchive.Imported imported = archive.importArchive(request.namespaceId(), zip,
                ArchiveHttp.policy(request.params()),
                new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr()));
        return AdminAnswers.ok(ArchiveHttp.counts(imported));
    }

    private static ArchiveFormat format(RequestParams params) {
        String format = params.text("format", "v2").trim().toLowerCase(Locale.ROOT);
        return switch (format) {
            case "v1" -> ArchiveFormat.V1;
            case "v2" -> ArchiveFormat.V2;
            default -> throw RequestParams.illegal("format", format, "v1 or v2");
        };
    }
}
