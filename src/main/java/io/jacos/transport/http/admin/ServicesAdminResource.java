package io.jacos.transport.http.admin;

import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.NamespaceService;
import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceCatalogService.ServiceDetail;
import io.jacos.application.ServiceRef;
import io.jacos.application.ServiceSettings;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import io.jacos.registry.RegistryReader;
import io.jacos.transport.http.InstanceClusterJson;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code /nacos/admin/services}: the services of a namespace with search, paging and counts; one service's
 * detail; an edit of its settings (protect threshold, metadata, selector: each field given replaces the current
 * one, through {@link ServiceCatalogService}, so it is stored and pushed); deletion of an empty service (409
 * while it holds instances).
 */
@Tag(name = "Services", description = "Search, page, read, edit and delete services")
@JsonBodies
@Path("services")
@ApplicationScoped
public class ServicesAdminResource {

    static final int MAX_PAGE_SIZE = 500;

    /** {@code PUT} body: fields left out keep their current value. */
    public record ServiceEdit(Float protectThreshold, Map<String, String> metadata, SelectorBody selector) {
    }

    public record SelectorBody(String type, String expression) {
    }

    private NamespaceService namespaces;
    private ServiceCatalogService catalog;
    private RegistryReader reader;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServicesAdminResource() {
    }

    @Inject
    public ServicesAdminResource(NamespaceService namespaces, ServiceCatalogService catalog, RegistryReader reader,
                                 HttpJson json, ParsedRequest request) {
        this.namespaces = namespaces;
        this.catalog = catalog;
        this.reader = reader;
        this.json = json;
        this.request = request;
    }

    @Operation(summary = "Services of a namespace, searched and paged, with instance, healthy and subscriber counts")
    @GET
    @Access(Need.READ)
    public Response list() {
        RequestParams params = request.params();
        String namespace = request.namespaceId();
        String groupName = params.get("groupName");
        String search = params.get("search");
        String pageNoText = params.get("pageNo");
        String pageSizeText = params.get("pageSize");
        int pageNo = AdminRequests.integer("pageNo", pageNoText, 1, 1, Integer.MAX_VALUE);
        int pageSize = AdminRequests.integer("pageSize", pageSizeText, 20, 1, MAX_PAGE_SIZE);
        namespaces.get(namespace);
        String needle = search == null ? "" : search.trim().toLowerCase(Locale.ROOT);
        String group = groupName == null || groupName.isBlank() ? null : groupName.trim();
        List<ServiceView> matching = reader.servicesIn(namespace).stream()
                .filter(v -> group == null || group.equals(v.key().group()))
                .filter(v -> v.key().name().toLowerCase(Locale.ROOT).contains(needle))
                .sorted(Comparator.comparing((ServiceView v) -> v.key().group()).thenComparing(v -> v.key().name()))
                .toList();
        long from = Math.min((long) (pageNo - 1) * pageSize, matching.size());
        List<Map<String, Object>> page = matching.subList((int) from, (int) Math.min(from + pageSize, matching.size()))
                .stream().map(this::summary).toList();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("count", matching.size());
        data.put("pageNo", pageNo);
        data.put("pageSize", pageSize);
        data.put("services", page);
        return json.ok(V2Result.success(data));
    }

    @Operation(summary = "One service: settings, clusters and counts")
    @GET
    @Path("{group}/{service}")
    @Access(Need.READ)
    public Response detail(@PathParam("group") String group, @PathParam("service") String service) {
        return json.ok(V2Result.success(detail(ref(group, service))));
    }

    @Operation(summary = "Edits protect threshold, metadata and selector; stored and pushed")
    @PUT
    @Path("{group}/{service}")
    @Access(Need.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    public Response edit(@PathParam("group") String group, @PathParam("service") String service, String body) {
        ServiceRef ref = ref(group, service);
        ServiceEdit edit = AdminRequests.body(body, ServiceEdit.class);
        ServiceMeta current = catalog.detail(ref).meta();
        SelectorBody selector = edit.selector();
        catalog.update(ref, new ServiceSettings(
                edit.protectThreshold() == null ? current.protectThreshold() : edit.protectThreshold(),
                edit.metadata() == null ? current.metadata() : edit.metadata(),
                selector == null ? current.selector().type() : selector.type(),
                selector == null ? current.selector().expression() : selector.expression()));
        return json.ok(V2Result.success(detail(ref)));
    }

    @Operation(summary = "Deletes a service without instances (409 otherwise)")
    @DELETE
    @Path("{group}/{service}")
    @Access(Need.WRITE)
    public Response delete(@PathParam("group") String group, @PathParam("service") String service) {
        catalog.delete(ref(group, service));
        return json.ok(V2Result.success(true));
    }

    /** The service a path names, in the request's namespace, which must exist (404 otherwise). */
    ServiceRef ref(String group, String service) {
        String namespace = request.namespaceId();
        namespaces.get(namespace);
        return new ServiceRef(namespace, group, service);
    }

    private Map<String, Object> summary(ServiceView view) {
        ServiceKey key = view.key();
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("name", key.name());
        shown.put("groupName", key.group());
        shown.put("clusterCount", reader.clustersOf(key).size());
        shown.put("instanceCount", view.instances().size());
        shown.put("healthyInstanceCount", view.instances().stream().filter(Instance::healthy).count());
        shown.put("subscriberCount", reader.subscribersOf(key).size());
        shown.put("ephemeral", view.ephemeral());
        shown.put("protectThreshold", view.protectThreshold());
        return shown;
    }

    private Map<String, Object> detail(ServiceRef ref) {
        ServiceDetail detail = catalog.detail(ref);
        ServiceMeta meta = detail.meta();
        Map<String, Object> selector = new LinkedHashMap<>();
        selector.put("type", meta.selector().type());
        selector.put("expression", meta.selector().expression());
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("namespaceId", detail.key().namespace());
        shown.put("groupName", detail.key().group());
        shown.put("name", detail.key().name());
        shown.put("ephemeral", detail.ephemeral());
        shown.put("protectThreshold", meta.protectThreshold());
        shown.put("metadata", meta.metadata());
        shown.put("selector", selector);
        shown.put("clusters", detail.clusters().stream().map(cluster -> {
            Map<String, Object> full = InstanceClusterJson.of(cluster);
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("name", cluster.name());
            one.put("healthCheck", full.get("healthChecker"));
            one.put("metadata", cluster.metadata());
            return one;
        }).toList());
        shown.put("instanceCount", detail.instanceCount());
        shown.put("healthyInstanceCount", detail.healthyInstanceCount());
        shown.put("subscriberCount", reader.subscribersOf(detail.key()).size());
        return shown;
    }
}
