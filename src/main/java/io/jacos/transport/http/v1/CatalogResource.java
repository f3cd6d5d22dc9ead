package io.jacos.transport.http.v1;

import io.jacos.application.InstanceAdminService;
import io.jacos.application.InstanceAdminService.PublishedInstance;
import io.jacos.application.RuntimeSwitches;
import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceCatalogService.ServiceDetail;
import io.jacos.application.ServiceRef;
import io.jacos.auth.Need;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceView;
import io.jacos.registry.RegistryReader;
import io.jacos.transport.http.InstanceClusterJson;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.legacy.LegacyHost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code /nacos/v1/ns/catalog}, what Nacos's console and ops tools read: {@code services} (one page of a namespace's
 * services with their counts, or with {@code withInstances} their instances by cluster), {@code service} (settings
 * and clusters) and {@code instances} (one cluster's instances, paged). {@code serviceNameParam} and
 * {@code groupNameParam} match as plain text (Nacos reads them as regular expressions); {@code instance}, which
 * Nacos 2.x takes and ignores, is ignored here too. An unknown service or cluster is a 404, as in Nacos's catalog.
 */
@Path("ns/catalog")
@ApplicationScoped
public class CatalogResource {

    static final int MAX_PAGE_SIZE = 500;
    private static final int DEFAULT_PORT = 80;

    private ServiceCatalogService catalog;
    private InstanceAdminService instances;
    private RegistryReader reader;
    private RuntimeSwitches switches;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public CatalogResource() {
    }

    @Inject
    public CatalogResource(ServiceCatalogService catalog, InstanceAdminService instances, RegistryReader reader,
                           RuntimeSwitches switches, HttpJson json, ParsedRequest request) {
        this.catalog = catalog;
        this.instances = instances;
        this.reader = reader;
        this.switches = switches;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("services")
    @Access(Need.READ)
    public Response services() {
        RequestParams params = request.params();
        boolean withInstances = params.bool("withInstances", false);
        boolean hasIpCount = params.bool("hasIpCount", false);
        PageParams page = PageParams.of(params, 1, 10, MAX_PAGE_SIZE);
        List<ServiceView> found = catalog.search(params.text("namespaceId"), params.text("groupNameParam"),
                params.text("serviceNameParam")).stream()
                .filter(view -> !hasIpCount || !view.instances().isEmpty()).toList();
        if (withInstances) {
            return json.ok(page.of(found).stream().map(CatalogResource::withInstances).toList());
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("count", found.size());
        answer.put("serviceList", page.of(found).stream().map(this::summary).toList());
        return json.ok(answer);
    }

    @GET
    @Path("service")
    @Access(value = Need.READ, target = Access.Target.NAMING)
    public Response service() {
        ServiceDetail detail = detail(ServiceNames.v1(request.params()));
        Map<String, Object> service = new LinkedHashMap<>();
        service.put("name", detail.key().name());
        service.put("groupName", detail.key().group());
        service.put("protectThreshold", detail.meta().protectThreshold());
        service.put("selector", ServiceResource.selector(detail.meta()));
        service.put("metadata", detail.meta().metadata());
        List<Map<String, Object>> clusters = detail.clusters().stream().map(cluster -> {
            Map<String, Object> shown = new LinkedHashMap<>();
            shown.put("serviceName", detail.key().groupedName());
            shown.putAll(InstanceClusterJson.of(cluster));
            shown.put("defaultPort", DEFAULT_PORT);
            return shown;
        }).toList();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("service", service);
        answer.put("clusters", clusters);
        return json.ok(answer);
    }

    @GET
    @Path("instances")
    @Access(value = Need.READ, target = Access.Target.NAMING)
    public Response instances() {
        RequestParams params = request.params();
        ServiceRef ref = ServiceNames.v1(params);
        String cluster = params.required("clusterName");
        PageParams page = PageParams.of(params, null, null, MAX_PAGE_SIZE);
        ServiceDetail detail = detail(ref);
        if (detail.clusters().stream().map(InstanceClusterSettings::name).noneMatch(cluster::equals)) {
            throw new RegistryException(RegistryException.NOT_FOUND, "cluster " + cluster + " is not found!");
        }
        List<PublishedInstance> all = instances.instances(ref, cluster);
        String grouped = detail.key().groupedName();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("list", page.of(all).stream()
                .map(p -> LegacyHost.of(p.instance(), grouped, switches.beatTimes())).toList());
        answer.put("count", all.size());
        return json.ok(answer);
    }

    /** The service's detail; unknown is a 404 here, where {@code /ns/service} answers it with a 400. */
    private ServiceDetail detail(ServiceRef ref) {
        try {
            return catalog.detail(ref);
        } catch (RegistryException e) {
            if (e.reason() == RegistryException.Reason.SERVICE_NOT_FOUND) {
                throw new RegistryException(RegistryException.NOT_FOUND, e.getMessage());
            }
            throw e;
        }
    }

    /** Nacos's service view; {@code triggerFlag} says whether the healthy share is at or below the threshold. */
    private Map<String, Object> summary(ServiceView view) {
        int ipCount = view.instances().size();
        long healthy = view.instances().stream().filter(Instance::healthy).count();
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("name", view.key().name());
        shown.put("groupName", view.key().group());
        shown.put("clusterCount", reader.clustersOf(view.key()).size());
        shown.put("ipCount", ipCount);
        shown.put("healthyInstanceCount", healthy);
        shown.put("triggerFlag", Boolean.toString(ipCount > 0 && (double) healthy / ipCount <= view.protectThreshold()));
        return shown;
    }

    /** A service with its instances by cluster, as Nacos's {@code withInstances} list shows each. */
    private static Map<String, Object> withInstances(ServiceView view) {
        Map<String, List<Map<String, Object>>> hostsByCluster = new TreeMap<>();
        for (Instance instance : view.instances()) {
            Map<String, Object> host = new LinkedHashMap<>();
            host.put("valid", instance.healthy());
            host.put("metadata", instance.metadata());
            host.put("port", instance.port());
            host.put("ip", instance.ip());
            host.put("weight", instance.weight());
            host.put("enabled", instance.enabled());
            hostsByCluster.computeIfAbsent(instance.clusterName(), name -> new ArrayList<>()).add(host);
        }
        Map<String, Object> clusters = new LinkedHashMap<>();
        hostsByCluster.forEach((name, hosts) -> {
            Map<String, Object> cluster = new LinkedHashMap<>();
            cluster.put("clusterName", name);
            cluster.put("hosts", hosts);
            clusters.put(name, cluster);
        });
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("namespace", view.key().namespace());
        shown.put("serviceName", view.key().name());
        shown.put("groupName", view.key().group());
        shown.put("clusterMap", clusters);
        shown.put("metadata", view.meta().metadata());
        shown.put("protectThreshold", view.protectThreshold());
        shown.put("ephemeral", view.ephemeral());
        return shown;
    }
}
