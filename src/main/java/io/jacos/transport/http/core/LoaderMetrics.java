package io.jacos.transport.http.core;

import io.jacos.application.ConnectionHandoff;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.NodeReports;
import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's SDK connections per node in the shape of Nacos 3's {@code ServerLoaderMetrics}: this node's count
 * with its load average and CPU, and each peer's count as its last replication digest gave it (no call to the
 * peers, so a peer that sent none yet is missing and {@code completed} is false). A peer's load and CPU are not
 * sent, so they are empty.
 */
@ApplicationScoped
public class LoaderMetrics {

    private ConnectionHandoff handoff;
    private ClusterMembers members;
    private Instance<NodeReports> reports;

    /** For the container's proxy. */
    protected LoaderMetrics() {
    }

    @Inject
    public LoaderMetrics(ConnectionHandoff handoff, ClusterMembers members, Instance<NodeReports> reports) {
        this.handoff = handoff;
        this.members = members;
        this.reports = reports;
    }

    public Map<String, Object> cluster() {
        List<Map<String, Object>> detail = new ArrayList<>();
        detail.add(metric(members.self().address(), handoff.connectionCount(), load(), cpu()));
        for (NodeId peer : members.members()) {
            if (!peer.equals(members.self())) {
                peerConnections(peer).ifPresent(count -> detail.add(metric(peer.address(), count, "", "")));
            }
        }
        detail.sort(Comparator.comparing(m -> (String) m.get("address")));
        int total = detail.stream().mapToInt(m -> (Integer) m.get("sdkConCount")).sum();
        int max = detail.stream().mapToInt(m -> (Integer) m.get("sdkConCount")).max().orElse(0);
        int min = detail.stream().mapToInt(m -> (Integer) m.get("sdkConCount")).min().orElse(0);
        int avg = total / detail.size();
        int memberCount = Math.max(1, members.members().size());
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("detail", detail);
        metrics.put("memberCount", memberCount);
        metrics.put("metricsCount", detail.size());
        metrics.put("completed", detail.size() == memberCount);
        metrics.put("max", max);
        metrics.put("min", min);
        metrics.put("avg", avg);
        metrics.put("threshold", String.valueOf(avg * 1.1d));
        metrics.put("total", total);
        return metrics;
    }

    private Optional<Integer> peerConnections(NodeId peer) {
        if (!reports.isResolvable()) {
            return Optional.empty();
        }
        return reports.get().report(peer).map(NodeReports.NodeReport::connections);
    }

    private static Map<String, Object> metric(String address, int connections, String load, String cpu) {
        Map<String, Object> metric = new LinkedHashMap<>();
        metric.put("address", address);
        metric.put("sdkConCount", connections);
        metric.put("conCount", connections);
        metric.put("load", load);
        metric.put("cpu", cpu);
        return metric;
    }

    private static String load() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "" : String.format(Locale.ROOT, "%.2f", load);
    }

    /** The process's share of the machine's CPU, where the JDK tells it. */
    private static String cpu() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean jdk) {
            double cpu = jdk.getProcessCpuLoad();
            return cpu < 0 ? "" : String.format(Locale.ROOT, "%.2f", cpu);
        }
        return "";
    }
}
