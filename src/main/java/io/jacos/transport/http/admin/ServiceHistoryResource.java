package io.jacos.transport.http.admin;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.NamespaceService;
import io.jacos.audit.ChangeHistory;
import io.jacos.audit.HistoryEntry;
import io.jacos.model.Namespace;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.RegistryReader;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /nacos/admin/services/{group}/{service}/history}: the service's changes, newest first. A service
 * that emptied and went still answers, since its history is what explains that; one that this node never saw
 * change and does not hold is unknown (404).
 */
@Tag(name = "Change history", description = "Why instances came and went")
@JsonBodies
@Path("services/{group}/{service}/history")
@ApplicationScoped
public class ServiceHistoryResource {

    static final int MAX_LIMIT = 1000;

    private ChangeHistory history;
    private NamespaceService namespaces;
    private RegistryReader reader;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServiceHistoryResource() {
    }

    @Inject
    public ServiceHistoryResource(ChangeHistory history, NamespaceService namespaces, RegistryReader reader,
                                  HttpJson json, ParsedRequest request) {
        this.history = history;
        this.namespaces = namespaces;
        this.reader = reader;
        this.json = json;
        this.request = request;
    }

    @Operation(summary = "The service's registrations, deregistrations, health changes and edits, newest first, with cause and actor")
    @GET
    @Access(Need.READ)
    public Response history(@PathParam("group") String group, @PathParam("service") String service) {
        int limit = AdminRequests.integer("limit", request.params().get("limit"), 100, 1, MAX_LIMIT);
        String namespace = request.namespaceId();
        namespaces.requireExists(namespace);
        ServiceKey key = key(namespace, group, service);
        if (!history.knows(key) && reader.serviceMeta(key).isEmpty()) {
            throw RegistryException.serviceNotFound(key);
        }
        List<Map<String, Object>> entries = history.of(key, limit).stream().map(ServiceHistoryResource::shown)
                .toList();
        return json.ok(V2Result.success(entries));
    }

    private static ServiceKey key(String namespace, String group, String service) {
        try {
            return new ServiceKey(namespace, group, service);
        } catch (IllegalArgumentException e) {
            throw RegistryException.illegal("serviceName", "Illegal service name " + group + "@@" + service + ".");
        }
    }

    private static Map<String, Object> shown(HistoryEntry entry) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("time", entry.time());
        shown.put("type", entry.type().name());
        shown.put("instance", entry.instance());
        shown.put("cluster", entry.cluster());
        shown.put("detail", entry.detail());
        shown.put("cause", entry.cause().name());
        shown.put("causeText", entry.cause().text());
        shown.put("actor", entry.actor());
        return shown;
    }
}
