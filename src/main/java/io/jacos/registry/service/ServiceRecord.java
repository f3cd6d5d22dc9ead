package io.jacos.registry.service;

import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The one mutable record of a service: which clients publish which instances, and the current
 * {@link ServiceView} built from them. Mutators run under this object's monitor (taken by the Registry); readers
 * take the volatile view without locking, unless a change since the last build makes them build it first.
 * <p>
 * A change only takes its revision and time; the view is built when next read. Fifty clients registering into
 * one service between two pushes then cost one build of fifty instances, not fifty builds of up to fifty.
 */
public final class ServiceRecord {

    private final ServiceKey key;
    private final LongSupplier revisions;
    private final LongSupplier millis;
    private final Map<ClientId, List<Instance>> publishers = new LinkedHashMap<>();
    private volatile boolean ephemeral;
    private volatile ServiceMeta meta = ServiceMeta.DEFAULT;
    private volatile ServiceView view;
    /** True from a change until the view showing it is built; revision and time are the change's. */
    private volatile boolean stale;
    private volatile long pendingRevision;
    private long pendingChangedAt;
    // Counted when the view is built, so a metrics scrape reads one number per service, not every instance.
    private volatile int healthyCount;
    /** Instances per cluster over every publisher, kept on each change: the cluster limit is checked per publish. */
    private final Map<String, Integer> clusterCounts = new HashMap<>();
    private volatile Set<String> clusterNames = Set.of();
    private long emptySinceMillis = -1;
    private boolean retired;
    private boolean declared;

    public ServiceRecord(ServiceKey key, boolean ephemeral, LongSupplier revisions, LongSupplier millis) {
        this.key = key;
        this.ephemeral = ephemeral;
        this.revisions = revisions;
        this.millis = millis;
        this.view = new ServiceView(key, revisions.getAsLong(), millis.getAsLong(), ephemeral, meta, List.of());
    }

    public ServiceKey key() {
        return key;
    }

    /** The kind of the instances it holds; an empty service takes the kind of the next one published. */
    public boolean ephemeral() {
        return ephemeral;
    }

    public ServiceMeta meta() {
        return meta;
    }

    /**
     * Whether an instance of this kind may be published here: always while the service is empty (it then takes
     * that kind), otherwise only the kind it already holds.
     */
    public synchronized boolean accepts(boolean ephemeralInstance) {
        return publishers.isEmpty() || ephemeral == ephemeralInstance;
    }

    /** True once created through the service API: such a service stays, empty or not, until deleted. */
    public synchronized boolean isDeclared() {
        return declared;
    }

    public ServiceView view() {
        if (stale) {
            build();
        }
        return view;
    }

    /**
     * The revision of the last change, without building its view: a change event carries it, and the view is built
     * only when a push or a query reads it.
     */
    public long revision() {
        return stale ? pendingRevision : view.revision();
    }

    /** Healthy instances of the current view (it may lag the view by one build for a concurrent reader). */
    public int healthyCount() {
        if (stale) {
            build();
        }
        return healthyCount;
    }

    /** The cluster names that currently hold at least one instance. */
    public Set<String> clusters() {
        return clusterNames;
    }

    /**
     * Whether publishing {@code instances} would take the service past {@code max} clusters ({@code max <= 0}: no
     * limit). Only a cluster the service does not hold yet counts, so instances in the clusters it has always fit,
     * even when an operator lowered the limit below what the service already holds.
     */
    public synchronized boolean wouldExceedClusters(List<Instance> instances, int max) {
        if (max <= 0) {
            return false;
        }
        Set<String> added = new HashSet<>();
        for (Instance instance : instances) {
            if (!clusterNames.contains(instance.clusterName())) {
                added.add(instance.clusterName());
            }
        }
        return !added.isEmpty() && clusterNames.size() + added.size() > max;
    }

    public synchronized Set<ClientId> publishers() {
        return Set.copyOf(publishers.keySet());
    }

    public synchronized boolean hasPublishers() {
        return !publishers.isEmpty();
    }

    /**
     * True once the record was dropped from the index as empty. The registry checks this under the record's
     * monitor before publishing, and publishes into a fresh record instead.
     */
    public synchronized boolean isRetired() {
        return retired;
    }

    /**
     * Retires the record when it has had no publishers and no subscribers for {@code expiryMillis}. The
     * first sweep that finds it idle starts the clock; any publish in between stops it.
     */
    public synchronized boolean retireIfIdle(long nowMillis, long expiryMillis, boolean hasSubscribers) {
        if (!publishers.isEmpty() || hasSubscribers || declared) {
            emptySinceMillis = -1;
            return false;
        }
        if (emptySinceMillis < 0) {
            emptySinceMillis = nowMillis;
        }
        retired = nowMillis - emptySinceMillis >= expiryMillis;
        return retired;
    }

    /** Replaces what one client publishes here. Returns false when nothing changed. */
    public synchronized boolean publish(ClientId client, List<Instance> instances) {
        if (retired) {
            throw new IllegalStateException("publish into retired service " + key);
        }
        emptySinceMillis = -1;
        List<Instance> copy = List.copyOf(instances);
        if (copy.equals(publishers.get(client))) {
            return false;
        }
        if (publishers.isEmpty() && !copy.isEmpty()) {
            ephemeral = copy.get(0).ephemeral();
        }
        // Re-inserted at the end: when two publishers hold the same address, the latest write is served.
        count(publishers.remove(client), -1);
        publishers.put(client, copy);
        count(copy, 1);
        recordChange();
        return true;
    }

    /** Removes what one client publishes here. Returns false when it published nothing. */
    public synchronized boolean withdraw(ClientId client) {
        List<Instance> removed = publishers.remove(client);
        if (removed == null) {
            return false;
        }
        count(removed, -1);
        recordChange();
        return true;
    }

    /** Sets the operator's settings (and marks the service declared); the view is rebuilt with them. */
    public synchronized void declare(ServiceMeta newMeta) {
        declared = true;
        emptySinceMillis = -1;
        meta = newMeta;
        recordChange();
    }

    /** Retires a declared service that holds no instances (the service API's delete). */
    public synchronized boolean retireIfEmpty() {
        if (!publishers.isEmpty()) {
            return false;
        }
        retired = true;
        return true;
    }

    private record Address(String ip, int port, String cluster) {
    }

    /** Adds (+1) or takes away (-1) a publisher's instances from the per-cluster counts. */
    private void count(List<Instance> instances, int sign) {
        if (instances == null) {
            return;
        }
        boolean namesChanged = false;
        for (Instance instance : instances) {
            Integer after = clusterCounts.merge(instance.clusterName(), sign, (a, b) -> a + b == 0 ? null : a + b);
            namesChanged |= after == null || after == 1 && sign > 0;
        }
        if (namesChanged) {
            clusterNames = Set.copyOf(clusterCounts.keySet());
        }
    }

    /**
     * Records a change: its revision and time now, the view at the next read. A view's time is after the one
     * before it even within one millisecond, so an answer read before a change is always older than its push.
     */
    private void recordChange() {
        pendingRevision = revisions.getAsLong();
        pendingChangedAt = Math.max(millis.getAsLong(), stale ? pendingChangedAt : view.changedAtMillis() + 1);
        stale = true;
    }

    /**
     * Builds the view of the last change. An address (ip, port, cluster) is served once even when a batch or two
     * connections hold it; the latest written copy wins, in the position the address first took.
     */
    private synchronized void build() {
        if (!stale) {
            return;
        }
        Map<Address, Instance> byAddress = new LinkedHashMap<>();
        for (List<Instance> list : publishers.values()) {
            for (Instance instance : list) {
                byAddress.put(new Address(instance.ip(), instance.port(), instance.clusterName()), instance);
            }
        }
        int healthy = 0;
        for (Instance instance : byAddress.values()) {
            healthy += instance.healthy() ? 1 : 0;
        }
        healthyCount = healthy;
        view = new ServiceView(key, pendingRevision, pendingChangedAt, ephemeral, meta,
                new ArrayList<>(byAddress.values()));
        stale = false;
    }
}
