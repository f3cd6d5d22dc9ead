package io.jacos.transport.http;

import io.jacos.application.DiscoveryService;
import io.jacos.application.InstanceSpec;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.RegistryReader;
import io.jacos.transport.http.param.InstanceRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One stored instance by service, cluster, ip and port, for the instance detail answers. It reads the instance
 * as stored, not as the filtered reads clients get (which hide disabled instances and may show unhealthy ones
 * healthy under the protect threshold); the query before it checks the names and yields the service key.
 */
@ApplicationScoped
public class InstanceLookup {

    private DiscoveryService discovery;
    private RegistryReader reader;

    /** For the container's proxy. */
    protected InstanceLookup() {
    }

    @Inject
    public InstanceLookup(DiscoveryService discovery, RegistryReader reader) {
        this.discovery = discovery;
        this.reader = reader;
    }

    public record Found(ServiceKey service, Instance instance) {

        /** The detail answer of the v1 and v2 APIs, which name the grouped service's field differently. */
        public Map<String, Object> answer(String serviceField) {
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put(serviceField, service.groupedName());
            answer.put("ip", instance.ip());
            answer.put("port", instance.port());
            answer.put("clusterName", instance.clusterName());
            answer.put("weight", instance.weight());
            answer.put("healthy", instance.healthy());
            answer.put("instanceId", instance.instanceId());
            answer.put("metadata", instance.metadata());
            return answer;
        }
    }

    /** The instance at the request's address; 404 when its cluster (default {@code DEFAULT}) holds none. */
    public Found find(InstanceRequest request) {
        InstanceSpec address = request.spec();
        return find(request.service(), address.clusterName(), address.ip(), address.port());
    }

    private Found find(ServiceRef service, String cluster, String ip, int port) {
        String wanted = cluster == null ? Instance.DEFAULT_CLUSTER : cluster;
        Selection checked = discovery.query(service, wanted, false);
        return reader.view(checked.service()).instances().stream()
                .filter(i -> i.ip().equals(ip) && i.port() == port && i.clusterName().equals(wanted))
                .findFirst()
                .map(i -> new Found(checked.service(), i))
                .orElseThrow(() -> new RegistryException(RegistryException.NOT_FOUND,
                        RegistryException.Reason.INSTANCE_NOT_FOUND, "No instance " + ip + ":" + port
                        + " in cluster " + wanted + " of service " + checked.service().groupedName() + "."));
    }
}
