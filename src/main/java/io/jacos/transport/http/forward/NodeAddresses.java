package io.jacos.transport.http.forward;

import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.NodeState;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Whether a TCP peer address is the address of a configured node: what a relay can be recognised by when there is no
 * cluster secret to sign it with. A node configured by name counts with every address the name resolves to.
 */
final class NodeAddresses {

    private NodeAddresses() {
    }

    static boolean isNodeAddress(ClusterMembers members, String remoteAddr) {
        InetAddress remote;
        try {
            remote = InetAddress.getByName(literal(remoteAddr));
        } catch (UnknownHostException | IllegalArgumentException e) {
            return false;
        }
        for (NodeState node : members.nodes()) {
            try {
                for (InetAddress address : InetAddress.getAllByName(node.node().host())) {
                    if (address.equals(remote)) {
                        return true;
                    }
                }
            } catch (UnknownHostException e) {
                // A configured node whose name does not resolve cannot be where the request came from.
            }
        }
        return false;
    }

    /** The container gives the remote address as an IP literal; anything else would start a name lookup. */
    private static String literal(String address) {
        if (address == null) {
            throw new IllegalArgumentException("no address");
        }
        String bare = address.startsWith("[") && address.endsWith("]")
                ? address.substring(1, address.length() - 1) : address;
        if (bare.isEmpty() || !bare.contains(":") && !bare.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
            throw new IllegalArgumentException("not an IP address");
        }
        return bare;
    }
}
