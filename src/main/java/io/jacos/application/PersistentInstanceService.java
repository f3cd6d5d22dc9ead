package io.jacos.application;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.HealthCheck;
import io.jacos.model.ServiceKey;

import java.util.List;

/**
 * Persistent instances ({@code ephemeral=false}): registered once by any transport, stored in the database,
 * owned by the client {@code ip:port#false}, removed only by an explicit deregister, and kept healthy or not
 * by the server's own checks. Every write goes to the {@link NamingStore} first, then to the indexes.
 */
public interface PersistentInstanceService {

    /** Registers or replaces the instance at (service, ip, port). */
    void register(ServiceRef service, InstanceSpec spec);

    /** An edit (weight, enabled, metadata, cluster) of an instance of an existing service, by the instance. */
    void update(ServiceRef service, InstanceSpec spec);

    /** The same edit, made for {@code origin} (an operator through the admin API). */
    void update(ServiceRef service, InstanceSpec spec, ChangeOrigin origin);

    /** Removes the instance at (service, ip, port); false when there was none. */
    boolean deregister(ServiceRef service, String ip, Integer port);

    /**
     * An operator's health mark, allowed only where the server does not check (cluster check {@code NONE}).
     * False when no persistent instance is at (service, ip, port).
     */
    boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin);

    /**
     * The verdict of the server's health check on one instance, stored and then pushed: true when it changed
     * the instance's health, false when the instance is gone or already so. Peers sharing the store are told. Called off the network threads.
     */
    boolean checked(ServiceKey service, String ip, int port, boolean healthy);

    /**
     * Every persistent instance this node must check now, with its cluster's check: in cluster mode only those
     * whose {@code ip:port} this node is responsible for in the current view, so each is checked by one node.
     */
    List<CheckTarget> checkTargets();

    /**
     * One instance to check: identified by (service, ip, port), probed at {@code probePort}; {@code healthy}
     * is its current mark.
     */
    record CheckTarget(ServiceKey service, String ip, int port, int probePort, HealthCheck check, boolean healthy) {
    }
}
