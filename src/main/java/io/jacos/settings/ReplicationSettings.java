package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** Timings and bounds of replication between the server cluster's nodes, in ms. */
@ApplicationScoped
public class ReplicationSettings {

    public static final Setting COPY_GRACE = new Setting("jacos.cluster.copy-grace", "20000");
    public static final Setting VERIFY_INTERVAL = new Setting("jacos.cluster.verify-interval", "5000");
    public static final Setting SYNC_TIMEOUT = new Setting("jacos.cluster.sync-timeout", "30000");
    public static final Setting ALONE_WAIT = new Setting("jacos.cluster.alone-wait", "10000");
    public static final Setting INBOX_CAPACITY = new Setting("jacos.cluster.inbox-capacity", "65536");

    static final List<Setting> SETTINGS = List.of(COPY_GRACE, VERIFY_INTERVAL, SYNC_TIMEOUT, ALONE_WAIT,
            INBOX_CAPACITY);

    private long copyGraceMillis;
    private long verifyIntervalMillis;
    private long syncTimeoutMillis;
    private long aloneWaitMillis;
    private int inboxCapacity;
    private long pauseMillis;

    /** Nothing read, every value zero: for the container's proxy, and tests that override what they use. */
    public ReplicationSettings() {
    }

    @Inject
    public ReplicationSettings(Config config) {
        copyGraceMillis = COPY_GRACE.longValue(config);
        verifyIntervalMillis = VERIFY_INTERVAL.longValue(config);
        syncTimeoutMillis = SYNC_TIMEOUT.longValue(config);
        aloneWaitMillis = ALONE_WAIT.longValue(config);
        inboxCapacity = INBOX_CAPACITY.intValue(config);
        pauseMillis = Math.max(1_000, ServerClusterSettingNames.SUSPECT_TIMEOUT.longValue(config) / 2);
    }

    /**
     * How long a departed owner's copies stay: a little longer than a real client takes to notice the lost node
     * (its 3 s health-check timeout after 5 s idle), reconnect elsewhere and redo (every 3 s).
     */
    public long copyGraceMillis() {
        return copyGraceMillis;
    }

    public long verifyIntervalMillis() {
        return verifyIntervalMillis;
    }

    /** How long a starting node waits for its peers' snapshots before it goes on (then reports not ready). */
    public long syncTimeoutMillis() {
        return syncTimeoutMillis;
    }

    /** How long a starting node alone in its view waits for a merge before it reports ready (its join may have failed). */
    public long aloneWaitMillis() {
        return aloneWaitMillis;
    }

    public int inboxCapacity() {
        return inboxCapacity;
    }

    /**
     * How long the replication applier may go without a turn before it counts as paused: half the suspect
     * timeout, well under the time peers take to drop an unresponsive node from their view (and stop sending to
     * it), and at least a second, twice the applier's own poll.
     */
    public long pauseMillis() {
        return pauseMillis;
    }

    /**
     * How long a peer may send nothing before its next message is doubted: two verify intervals, as every peer
     * sends a digest each interval, so this much silence means the link between the two was cut.
     */
    public long silenceMillis() {
        return Math.max(1_000, 2 * verifyIntervalMillis());
    }
}
