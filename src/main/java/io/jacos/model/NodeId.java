package io.jacos.model;

import java.util.Objects;

/**
 * A registry node, named as Nacos names its members: the host and main HTTP port clients use
 * ({@code 10.0.0.1:8848}). The owner of a client is a node id; a standalone node is still one.
 */
public record NodeId(String host, int port) implements Comparable<NodeId> {

    public NodeId {
        Objects.requireNonNull(host, "host");
        if (host.isBlank() || port < 1 || port > 65535) {
            throw new IllegalArgumentException("bad node address " + host + ':' + port);
        }
    }

    /** Parses {@code host:port}, or a bare host with {@code defaultPort} (cluster.conf allows both). */
    public static NodeId parse(String text, int defaultPort) {
        String value = text.strip();
        int colon = value.lastIndexOf(':');
        if (colon < 0) {
            return new NodeId(value, defaultPort);
        }
        try {
            return new NodeId(value.substring(0, colon), Integer.parseInt(value.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad node address " + text, e);
        }
    }

    public String address() {
        return host + ':' + port;
    }

    @Override
    public int compareTo(NodeId other) {
        int byHost = host.compareTo(other.host);
        return byHost != 0 ? byHost : Integer.compare(port, other.port);
    }

    @Override
    public String toString() {
        return address();
    }
}
