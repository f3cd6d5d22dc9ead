package io.jacos.transport.http;

import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ClientKind;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.RegistryStats;
import io.jacos.registry.client.ClientView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@code GET /operator/metrics} (v1, and v2 in its envelope): {@code status} (UP or DOWN, the
 * readiness), and unless {@code onlyStatus} the registry's counts and the machine's load. Responsible counts are
 * what this node owns; in a cluster the other clients it holds are copies of its peers'.
 */
@ApplicationScoped
public class NamingMetrics {

    private ServerReadiness readiness;
    private RegistryReader reader;
    private ClusterMembers cluster;

    /** For the container's proxy. */
    protected NamingMetrics() {
    }

    @Inject
    public NamingMetrics(ServerReadiness readiness, RegistryReader reader, ClusterMembers cluster) {
        this.readiness = readiness;
        this.reader = reader;
        this.cluster = cluster;
    }

    /**
     * @param responsibleInstances whether to count this node's own instances too ({@code responsibleInstanceCount},
     *                             which Nacos's v1 answer has and its v2 answer does not)
     */
    public Map<String, Object> of(boolean onlyStatus, boolean responsibleInstances) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("status", readiness.status());
        if (onlyStatus) {
            return answer;
        }
        RegistryStats stats = reader.stats();
        List<ClientView> owned = reader.clientsOwnedBy(cluster.self().address());
        answer.put("serviceCount", stats.serviceCount());
        answer.put("instanceCount", stats.instanceCount());
        answer.put("subscribeCount", stats.subscriberCount());
        if (responsibleInstances) {
            answer.put("responsibleInstanceCount", owned.stream().flatMap(client -> client.published().values()
                    .stream()).mapToInt(List::size).sum());
        }
        answer.put("clientCount", stats.clientCount());
        answer.put("connectionBasedClientCount", reader.countOf(ClientKind.CONNECTION));
        answer.put("ephemeralIpPortClientCount", reader.countOf(ClientKind.IP_PORT));
        answer.put("persistentIpPortClientCount", reader.countOf(ClientKind.PERSISTENT));
        answer.put("responsibleClientCount", owned.size());
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        answer.put("cpu", os instanceof com.sun.management.OperatingSystemMXBean sun
                ? Math.max(0, (float) sun.getProcessCpuLoad()) : 0f);
        answer.put("load", Math.max(0, (float) os.getSystemLoadAverage()));
        answer.put("mem", os instanceof com.sun.management.OperatingSystemMXBean sun && sun.getTotalMemorySize() > 0
                ? 1 - (float) sun.getFreeMemorySize() / sun.getTotalMemorySize() : 0f);
        return answer;
    }
}
