package io.jacos.transport.http.config;

import io.jacos.application.ConfigArchive;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.ArchiveHttp;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.request.ArchiveUpload;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /nacos/v3/admin/cs/config/import}: a Nacos export zip (the {@code file} part of a multipart form, or
 * the body itself) imported into {@code namespaceId} with {@code policy} (ABORT by default), answered with its
 * counts; an upload refused whole answers Nacos 3's code in the v3 envelope ({@link ImportAnswers#refusedV3}).
 */
@Path("admin/cs/config/import")
@ApplicationScoped
public class ConfigImportV3Resource {

    private ConfigArchive archive;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigImportV3Resource() {
    }

    @Inject
    public ConfigImportV3Resource(ConfigArchive archive, HttpJson json, ParsedRequest request, Caller caller) {
        this.archive = archive;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @POST
    @Consumes({MediaType.MULTIPART_FORM_DATA, ArchiveHttp.ZIP, "application/x-zip-compressed",
            "application/octet-stream"})
    @ArchiveUpload
    @Access(Need.WRITE)
    public Response importArchive(@Context HttpServletRequest servlet) {
        byte[] zip = request.upload();
        if (zip.length == 0) {
            return ImportAnswers.noFileV3(json);
        }
        try {
            ConfigArchive.Imported imported = archive.importArchive(request.namespaceId(), zip,
                    ArchiveHttp.policy(request.params()),
                    new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr()));
            return json.ok(V2Result.success(ArchiveHttp.counts(imported)));
        } catch (RegistryException refused) {
            return ImportAnswers.refusedV3(json, refused);
        }
    }
}
