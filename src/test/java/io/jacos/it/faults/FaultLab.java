package io.jacos.it.faults;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hosts a fault test class needs (three nodes, the client hosts, the database and the observer) with the
 * cluster started on them; closing stops the cluster, removes the hosts and fails if any namespace is left.
 */
final class FaultLab implements AutoCloseable {

    final TestHosts hosts;
    final HostedCluster cluster;

    private FaultLab(TestHosts hosts, HostedCluster cluster) {
        this.hosts = hosts;
        this.cluster = cluster;
    }

    static FaultLab start(String clusterPrefix) {
        List<String> names = new ArrayList<>(HostedCluster.NODES);
        names.addAll(FaultRun.CLIENT_HOSTS);
        names.addAll(List.of("db", "obs"));
        TestHosts hosts = TestHosts.create(names);
        try {
            return new FaultLab(hosts, HostedCluster.start(hosts, clusterPrefix));
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    /** Every node and client host: what an isolated node is cut off from. */
    static List<String> allHosts() {
        List<String> all = new ArrayList<>(HostedCluster.NODES);
        all.addAll(FaultRun.CLIENT_HOSTS);
        return all;
    }

    @Override
    public void close() {
        try {
            cluster.close();
        } finally {
            hosts.close();
            assertEquals(List.of(), hosts.leftOver(), "namespaces left behind");
        }
    }
}
