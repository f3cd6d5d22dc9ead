package io.jacos.transport.http.request;

import io.jacos.application.LargeWrites;
import io.jacos.application.ServiceRef;
import io.jacos.auth.Resource;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.param.ListeningConfigs;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.RequestScoped;

import java.nio.charset.StandardCharsets;

/**
 * The current API request as {@link RequestParsing} read it, once: its parameters (query and form body merged) and
 * its body's bytes. Everything that decides on the request or serves it reads this, never the request again.
 */
@RequestScoped
public class ParsedRequest {

    private static final String PUBLIC = "public";
    private static final String DEFAULT_GROUP = "DEFAULT_GROUP";

    private RequestParams params;
    private byte[] body = new byte[0];
    private String uploadType;
    private ListeningConfigs listening;
    private RegistryException listeningRefused;
    private LargeWrites.Share share;

    /** The large-write share the body was read under, given back when the request ends. */
    void hold(LargeWrites.Share share) {
        this.share = share;
    }

    @PreDestroy
    void release() {
        if (share != null) {
            share.close();
        }
    }

    void set(RequestParams params, byte[] body) {
        this.params = params;
        this.body = body;
    }

    /** The body is an upload of this (checked) content type, taken apart only when asked for: after the access check. */
    void setUpload(String contentType) {
        this.uploadType = contentType;
    }

    /**
     * The zip an {@link ArchiveUpload} method received (empty when none), whatever form carried it.
     *
     * @throws HttpRefusal 400 when the body is not a form this server reads
     */
    public byte[] upload() {
        return uploadType == null || body.length == 0 ? new byte[0] : UploadBodies.zip(uploadType, body);
    }

    /** @throws IllegalStateException when called outside an API request (nothing was parsed) */
    public RequestParams params() {
        if (params == null) {
            throw new IllegalStateException("no parsed request: the call did not pass the request reading");
        }
        return params;
    }

    /**
     * The configurations a long poll names, read once: the access check and the resource read the same, and a
     * malformed list is refused the same. @throws RegistryException 400 when it is malformed
     */
    public ListeningConfigs listening() {
        if (listening == null && listeningRefused == null) {
            try {
                listening = ListeningConfigs.of(params());
            } catch (RegistryException e) {
                listeningRefused = e;
            }
        }
        if (listeningRefused != null) {
            throw listeningRefused;
        }
        return listening;
    }

    /**
     * The namespace of a long poll's configurations ({@link ListeningConfigs#namespace()}); for a malformed list,
     * one no per-namespace grant covers, so the caller's access is decided before the list is refused.
     */
    public String listeningNamespace() {
        try {
            return listening().namespace();
        } catch (RegistryException e) {
            return ConfigKey.SEVERAL_NAMESPACES;
        }
    }

    /** The body as received (empty when none). */
    public byte[] body() {
        return body.clone();
    }

    /** The body of a JSON method as text (its charset was checked to be UTF-8 or ASCII); empty when none. */
    public String jsonBody() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The namespace a configuration request names: {@code tenant}, any spelling of the default as {@code public}. */
    public String tenantNamespace() {
        return ConfigKey.namespaceOf(params().text("tenant"));
    }

    /** The namespace a configuration import writes to: {@code namespace}, any spelling of the default as {@code public}. */
    public String importNamespace() {
        return ConfigKey.namespaceOf(params().text("namespace"));
    }

    /**
     * The configuration a request acts on ({@code dataId} in the group named by {@code groupParam}), for a grant
     * narrower than the namespace. What names no single one (a search, an export, a removal by ids, a missing
     * group or data id) is {@code *}: only a grant on every name covers it, so a narrower grant never reveals or
     * touches names outside it. {@code searchListsSeveral} is false where a {@code search} lists one
     * configuration's own changes (its history).
     */
    public Resource configResource(String namespace, String groupParam, boolean searchListsSeveral) {
        RequestParams p = params();
        boolean several = searchListsSeveral && p.text("search") != null || p.bool("export", false)
                || p.bool("exportV2", false) || p.text("delType") != null;
        return several ? Resource.config(namespace, null, null)
                : Resource.config(namespace, p.text(groupParam), p.text("dataId"));
    }

    /**
     * The service a request acts on, as its handler reads it: {@code serviceName} grouped ({@code GRP@@name}, v1)
     * or bare ({@code grouped} false, v2 and v3), with {@code groupName}, {@code DEFAULT_GROUP} when nothing names
     * a group. No service name is every service of the group; a malformed one, or a bare one that holds a group
     * separator, is {@code *}, which only a grant on every name covers.
     */
    public Resource namingResource(String namespace, boolean grouped) {
        RequestParams p = params();
        String serviceName = p.text("serviceName");
        if (serviceName == null) {
            return Resource.naming(namespace, p.text("groupName"), null);
        }
        if (!grouped && serviceName.contains(ServiceKey.GROUP_SEPARATOR)) {
            return Resource.naming(namespace, null, null);
        }
        try {
            ServiceRef service = grouped ? ServiceNames.v1(p) : ServiceNames.v2(p);
            return Resource.naming(namespace, service.groupName() == null ? DEFAULT_GROUP : service.groupName(),
                    service.serviceName());
        } catch (RegistryException e) {
            return Resource.naming(namespace, null, null);
        }
    }

    /** The namespace the request names: {@code namespaceId}, {@code public} when absent or blank. */
    public String namespaceId() {
        return params().text("namespaceId", PUBLIC);
    }
}
