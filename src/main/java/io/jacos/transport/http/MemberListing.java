package io.jacos.transport.http;

import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.NodeReports;
import io.jacos.cluster.NodeState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's nodes in Nacos's member shape ({@code ip}, {@code port}, {@code state}, {@code extendInfo},
 * {@code address}, {@code failAccessCnt}, {@code abilities}), for the core nodes API and the operator's server
 * list. {@code extendInfo} carries the version and, once replication has heard from the node, its epoch,
 * connections, owned clients, whether this node holds its full snapshot, and when it last reported.
 */
@ApplicationScoped
public class MemberListing {

    private ClusterMembers members;
    private Instance<NodeReports> reports;
    private ServerReadiness readiness;
    private ServerVersion version;

    /** For the container's proxy. */
    protected MemberListing() {
    }

    @Inject
    public MemberListing(ClusterMembers members, Instance<NodeReports> reports, ServerReadiness readiness,
                         ServerVersion version) {
        this.members = members;
        this.reports = reports;
        this.readiness = readiness;
        this.version = version;
    }

    /** Every configured or seen node, sorted; a keyword keeps those whose address contains it. */
    public List<Map<String, Object>> nodes(Optional<String> keyword) {
        return members.nodes().stream()
                .filter(state -> keyword.map(word -> state.node().address().contains(word)).orElse(true))
                .map(this::member)
                .toList();
    }

    public Map<String, Object> self() {
        return members.nodes().stream()
                .filter(state -> state.node().equals(members.self()))
                .findFirst()
                .map(this::member)
                .orElseGet(() -> member(new NodeState(members.self(), NodeState.Status.UP)));
    }

    private Map<String, Object> member(NodeState state) {
        Map<String, Object> extendInfo = new LinkedHashMap<>();
        boolean self = state.node().equals(members.self());
        if (self) {
            extendInfo.put("version", version.version());
        }
        report(state).ifPresent(report -> {
            extendInfo.put("epoch", report.epoch());
            extendInfo.put("connections", report.connections());
            extendInfo.put("ownedClients", report.ownedClients());
            extendInfo.put("synced", report.synced());
            extendInfo.put("lastRefreshTime", report.heardAtMillis());
        });
        Map<String, Object> member = new LinkedHashMap<>();
        member.put("ip", state.node().host());
        member.put("port", state.node().port());
        // This node is only as UP as its own readiness (still loading, or stopping, it is not).
        member.put("state", self && !"UP".equals(readiness.status()) ? readiness.status() : state.status().name());
        member.put("extendInfo", extendInfo);
        member.put("address", state.node().address());
        member.put("failAccessCnt", 0);
        member.put("abilities", Map.of());
        return member;
    }

    private Optional<NodeReports.NodeReport> report(NodeState state) {
        return reports.isResolvable() ? reports.get().report(state.node()) : Optional.empty();
    }
}
