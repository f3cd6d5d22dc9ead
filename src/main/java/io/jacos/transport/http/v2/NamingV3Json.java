package io.jacos.transport.http.v2;

import io.jacos.application.ServiceCatalogService.ServiceDetail;
import io.jacos.model.Instance;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Selector;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import io.jacos.transport.http.InstanceClusterJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The JSON shapes of Nacos 3's naming admin API as its maintainer SDK reads them: {@code Instance},
 * {@code ServiceDetailInfo} with its {@code ClusterInfo} map, {@code ServiceView}, and the {@code Page} around a
 * list ({@code totalCount}, {@code pageNumber}, {@code pagesAvailable}, {@code pageItems}).
 */
final class NamingV3Json {

    private NamingV3Json() {
    }

    static Map<String, Object> instance(ServiceKey service, Instance instance) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("instanceId", instance.instanceId());
        shown.put("ip", instance.ip());
        shown.put("port", instance.port());
        shown.put("weight", instance.weight());
        shown.put("healthy", instance.healthy());
        shown.put("enabled", instance.enabled());
        shown.put("ephemeral", instance.ephemeral());
        shown.put("clusterName", instance.clusterName());
        shown.put("serviceName", service.groupedName());
        shown.put("metadata", instance.metadata());
        return shown;
    }

    /** {@code ServiceDetailInfo} as the detail call answers it: settings and each cluster's settings. */
    static Map<String, Object> detail(ServiceDetail detail) {
        ServiceMeta meta = detail.meta();
        Map<String, Object> clusters = new LinkedHashMap<>();
        for (InstanceClusterSettings settings : detail.clusters()) {
            clusters.put(settings.name(), cluster(settings));
        }
        Map<String, Object> shown = head(detail.key(), meta);
        shown.put("clusterMap", clusters);
        shown.put("protectThreshold", meta.protectThreshold());
        shown.put("selector", selector(meta.selector()));
        shown.put("ephemeral", detail.ephemeral());
        return shown;
    }

    /** {@code ServiceDetailInfo} as the list with instances gives it: each cluster holds its instances. */
    static Map<String, Object> withInstances(ServiceView view) {
        Map<String, List<Map<String, Object>>> hosts = new TreeMap<>();
        for (Instance instance : view.instances()) {
            hosts.computeIfAbsent(instance.clusterName(), name -> new ArrayList<>())
                    .add(instance(view.key(), instance));
        }
        Map<String, Object> clusters = new LinkedHashMap<>();
        hosts.forEach((name, list) -> clusters.put(name, Map.of("clusterName", name, "hosts", list)));
        Map<String, Object> shown = head(view.key(), view.meta());
        shown.put("clusterMap", clusters);
        shown.put("protectThreshold", view.protectThreshold());
        shown.put("ephemeral", view.ephemeral());
        return shown;
    }

    /** {@code ServiceView}: counts, and whether the protect threshold is reached (as text, as Nacos gives it). */
    static Map<String, Object> view(ServiceView view) {
        List<Instance> instances = view.instances();
        long healthy = instances.stream().filter(Instance::healthy).count();
        boolean protecting = !instances.isEmpty() && (float) healthy / instances.size() <= view.protectThreshold();
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("name", view.key().name());
        shown.put("groupName", view.key().group());
        shown.put("clusterCount", instances.stream().map(Instance::clusterName).distinct().count());
        shown.put("ipCount", instances.size());
        shown.put("healthyInstanceCount", healthy);
        shown.put("triggerFlag", String.valueOf(protecting));
        return shown;
    }

    static <T> Map<String, Object> page(List<T> all, int pageNo, int pageSize, Function<T, ?> shown) {
        int from = (int) Math.min((long) (pageNo - 1) * pageSize, all.size());
        int to = (int) Math.min((long) from + pageSize, all.size());
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("totalCount", all.size());
        page.put("pageNumber", pageNo);
        page.put("pagesAvailable", (all.size() + pageSize - 1) / pageSize);
        page.put("pageItems", all.subList(from, to).stream().map(shown).toList());
        return page;
    }

    private static Map<String, Object> head(ServiceKey key, ServiceMeta meta) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("namespaceId", key.namespace());
        shown.put("groupName", key.group());
        shown.put("serviceName", key.name());
        shown.put("metadata", meta.metadata());
        return shown;
    }

    /** {@code ClusterInfo}: the SDK reads the health checker by its {@code type} and ignores what it lacks. */
    private static Map<String, Object> cluster(InstanceClusterSettings settings) {
        Map<String, Object> ours = InstanceClusterJson.of(settings);
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("clusterName", settings.name());
        shown.put("healthChecker", ours.get("healthChecker"));
        shown.put("healthyCheckPort", settings.checkPort());
        shown.put("useInstancePortForCheck", settings.useInstancePort());
        shown.put("metadata", settings.metadata());
        return shown;
    }

    private static Map<String, Object> selector(Selector selector) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("type", selector.type());
        shown.put("contextType", selector.isNone() ? "NONE" : "CMDB");
        if (!selector.isNone()) {
            shown.put("expression", selector.expression());
        }
        return shown;
    }
}
