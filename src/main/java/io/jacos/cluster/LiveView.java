package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.Address;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The installed JGroups view translated to node ids, both ways. Immutable: a new view replaces it whole, so a
 * reader never sees half of one. When two members carry one node id (a restarted node joined before its old
 * incarnation left), the later joiner is the one messages go to.
 */
public record LiveView(long id, Map<Address, NodeId> nodes, Map<NodeId, Address> addresses, List<NodeId> members,
                       boolean merged) {

    public LiveView {
        nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        addresses = Collections.unmodifiableMap(new LinkedHashMap<>(addresses));
        members = List.copyOf(members);
    }

    /** No view yet: this node alone. */
    public static LiveView alone(NodeId self) {
        return new LiveView(0, Map.of(), Map.of(), List.of(self), false);
    }

    /** {@code members} in the view's order (oldest first); those whose name is no node id are left out. */
    public static LiveView of(long id, List<Address> members, Function<Address, Optional<NodeId>> naming,
                              boolean merged) {
        Map<Address, NodeId> nodes = new LinkedHashMap<>();
        Map<NodeId, Address> addresses = new LinkedHashMap<>();
        for (Address member : members) {
            naming.apply(member).ifPresent(node -> {
                nodes.put(member, node);
                addresses.put(node, member);
            });
        }
        return new LiveView(id, nodes, addresses, addresses.keySet().stream().sorted().toList(), merged);
    }

    public Optional<NodeId> node(Address member) {
        return Optional.ofNullable(nodes.get(member));
    }

    public Optional<Address> address(NodeId node) {
        return Optional.ofNullable(addresses.get(node));
    }

    public MembershipView toMembershipView() {
        return new MembershipView(id, members, merged);
    }
}
