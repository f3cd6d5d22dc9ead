package io.jacos.event;

import io.jacos.model.ServiceKey;

import java.util.Objects;

/**
 * An application deregistered the instance at this address through this node. A client handed off to another
 * node may still hold it, parked until its successor's redo lands, and that copy must go too: the application
 * may have deregistered before its redo ran, so the successor never held it.
 */
public record EndpointWithdrawn(ServiceKey service, String ip, int port, String clusterName) {

    public EndpointWithdrawn {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(ip, "ip");
        Objects.requireNonNull(clusterName, "clusterName");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not 0 to 65535");
        }
    }
}
