package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
import io.jacos.cluster.ClusterMembers;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;

/**
 * Starts replication's threads during deployment, before the cluster channel connects (it delivers to the
 * inbox at once), and schedules its periodic work: the grace expiry tick and the digest that repairs losses.
 */
@Singleton
public class ReplicationStartup {

    private static final long TICK_MILLIS = 1000;

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final ClusterMembers members;
    private final OwnedClientSender sender;
    private final StoreChangeSender storeChanges;
    private final WithdrawalSender withdrawals;
    private final ReplicationInbox inbox;
    private final ReplicationSettings settings;

    private final List<ScheduledFuture<?>> schedules = new ArrayList<>();

    /** For the EJB container. */
    public ReplicationStartup() {
        this(null, null, null, null, null, null);
    }

    @Inject
    public ReplicationStartup(ClusterMembers members, OwnedClientSender sender, StoreChangeSender storeChanges,
                              WithdrawalSender withdrawals, ReplicationInbox inbox, ReplicationSettings settings) {
        this.withdrawals = withdrawals;
        this.members = members;
        this.sender = sender;
        this.storeChanges = storeChanges;
        this.inbox = inbox;
        this.settings = settings;
    }

    public void start() {
        if (!members.clusterMode()) {
            return;
        }
        sender.start();
        storeChanges.start();
        withdrawals.start();
        inbox.start();
        schedules.add(Periodic.every(scheduler, TICK_MILLIS, "Replication grace tick", inbox::tick));
        schedules.add(Periodic.every(scheduler, settings.verifyIntervalMillis(), "Replication digest",
                sender::digestDue));
    }

    public void stop() {
        schedules.forEach(schedule -> schedule.cancel(false));
        inbox.stop();
    }
}
