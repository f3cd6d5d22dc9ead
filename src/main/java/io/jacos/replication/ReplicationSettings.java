package io.jacos.replication;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Timings and bounds of replication, in ms; only this package reads them. */
@ApplicationScoped
public class ReplicationSettings {

    /**
     * How long a departed owner's copies stay: a little longer than a real client takes to notice the lost node
     * (its 3 s health-check timeout after 5 s idle), reconnect elsewhere and redo (every 3 s).
     */
    @Inject @ConfigProperty(name = "jacos.cluster.copy-grace", defaultValue = "20000")
    long copyGraceMillis;
    @Inject @ConfigProperty(name = "jacos.cluster.verify-interval", defaultValue = "5000")
    long verifyIntervalMillis;
    /** How long a starting node waits for its peers' snapshots before it goes on (then reports not ready). */
    @Inject @ConfigProperty(name = "jacos.cluster.sync-timeout", defaultValue = "30000")
    long syncTimeoutMillis;
    /** How long a starting node alone in its view waits for a merge before it reports ready (its join may have failed). */
    @Inject @ConfigProperty(name = "jacos.cluster.alone-wait", defaultValue = "10000")
    long aloneWaitMillis;
    @Inject @ConfigProperty(name = "jacos.cluster.inbox-capacity", defaultValue = "65536")
    int inboxCapacity;

    public long copyGraceMillis() {
        return copyGraceMillis;
    }

    public long verifyIntervalMillis() {
        return verifyIntervalMillis;
    }

    public long syncTimeoutMillis() {
        return syncTimeoutMillis;
    }

    public long aloneWaitMillis() {
        return aloneWaitMillis;
    }

    public int inboxCapacity() {
        return inboxCapacity;
    }
}
