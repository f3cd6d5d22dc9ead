package io.jacos.transport.http.config;

import io.jacos.application.ConfigArchive;
import io.jacos.application.archive.ArchiveFormat;
import io.jacos.auth.Need;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.time.Clock;

/**
 * {@code GET /nacos/v3/admin/cs/config/export}: the configurations of {@code namespaceId} as Nacos 3 exports them,
 * a zip of {@code group/dataId} entries and {@code .metadata.yml}; all of them, or those matching {@code dataId}
 * ({@code *} for any run of characters), {@code groupName} and {@code appName}, or the row ids {@code ids}.
 */
@Path("admin/cs/config/export")
@ApplicationScoped
public class ConfigExportV3Resource {

    private ConfigArchive archive;
    private ParsedRequest request;
    private Clock clock;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigExportV3Resource() {
    }

    @Inject
    public ConfigExportV3Resource(ConfigArchive archive, ParsedRequest request, Clock clock) {
        this.archive = archive;
        this.request = request;
        this.clock = clock;
    }

    @GET
    @Access(Need.READ)
    public Response export() {
        RequestParams params = request.params();
        byte[] zip = archive.export(new ConfigArchive.Export(request.namespaceId(), params.text("dataId"),
                params.text("groupName"), params.text("appName"), ArchiveHttp.ids(params), ArchiveFormat.V2));
        return ArchiveHttp.download(zip, ConfigV1Resource.EXPORT_NAME, clock);
    }
}
