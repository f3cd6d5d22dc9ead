package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
import io.jacos.cluster.ClusterInbox;
import io.jacos.cluster.MembershipView;
import io.jacos.infrastructure.ManagedPools;
import io.jacos.model.NodeId;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Takes what the cluster delivers off the network threads: a message is decoded there (garbage is dropped with
 * a log line), then queued with the views, in arrival order, for the one applier thread that owns the
 * {@link CopyApplier}. The queue is bounded; when it is full the network thread waits, which pushes back on the
 * sending peer through the transport instead of dropping what it sent. The applier thread also notices when it
 * was paused ({@link PauseWatch}) and tells the applier before it applies anything more.
 */
@ApplicationScoped
public class ReplicationInbox implements ClusterInbox {

    private static final Logger LOG = Logger.getLogger(ReplicationInbox.class.getName());

    private final CopyApplier applier;
    private final ReplicationSettings settings;
    private final ManagedPools pools;
    private final Clock clock;

    private final ReplicationCodec codec = new ReplicationCodec();
    private final OutsideViewDrops outsideDrops = new OutsideViewDrops();
    private volatile BlockingQueue<Runnable> queue;
    private volatile boolean stopped;

    /** For the container's proxy. */
    protected ReplicationInbox() {
        this(null, null, null, null);
    }

    @Inject
    public ReplicationInbox(CopyApplier applier, ReplicationSettings settings, ManagedPools pools, Clock clock) {
        this.applier = applier;
        this.settings = settings;
        this.pools = pools;
        this.clock = clock;
    }

    /** Called once at deployment, so the applier thread carries the application's context. */
    void start() {
        queue = new LinkedBlockingQueue<>(settings.inboxCapacity());
        pools.fixed("cluster-apply", 1, 1).execute(this::applyUntilStopped);
    }

    @Override
    public void viewChanged(MembershipView view) {
        outsideDrops.viewChanged();
        put(() -> applier.viewChanged(view));
    }

    @Override
    public void received(NodeId from, byte[] payload) {
        decode(from, payload).ifPresent(message -> put(() -> applier.received(from, message)));
    }

    /**
     * Only a {@link ReplicationMessage.Withdrawn} is taken from outside the view (see
     * {@link CopyApplier#withdrawnOutsideView}); the rest is dropped here, on the network thread, on its head alone:
     * while views disagree a dropped node's every message lands here, full syncs included.
     */
    @Override
    public void receivedFromOutsideView(NodeId from, byte[] payload) {
        if (!codec.headedAsWithdrawn(payload)) {
            long count = outsideDrops.dropped();
            if (count > 0) {
                LOG.info(() -> "Dropped a message from " + from + ": not in the current view (" + count
                        + " dropped since the view changed; logged at 1, 2, 4, 8...)");
            }
            return;
        }
        decode(from, payload).ifPresent(message -> {
            if (message instanceof ReplicationMessage.Withdrawn withdrawn) {
                put(() -> applier.withdrawnOutsideView(from, withdrawn));
            }
        });
    }

    /** Garbage is dropped with a log line. */
    private Optional<ReplicationMessage> decode(NodeId from, byte[] payload) {
        try {
            return Optional.of(codec.decode(payload));
        } catch (MalformedMessageException e) {
            LOG.warning(() -> "Dropped a malformed replication message from " + from + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The applier's periodic work (grace expiry); skipped when the queue is full, the next tick does it. */
    void tick() {
        BlockingQueue<Runnable> current = queue;
        if (current != null) {
            current.offer(applier::tick);
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
    }

    private void put(Runnable work) {
        BlockingQueue<Runnable> current = queue;
        if (current == null) {
            LOG.warning("Replication inbox not started; dropped what a peer sent");
            return;
        }
        try {
            current.put(work);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Before each piece of work the thread checks it was not paused meanwhile: after a pause, what peers sent
     * may already be outdated, and the applier must hear of the pause before it applies any of it.
     */
    private void applyUntilStopped() {
        PauseWatch pauses = new PauseWatch(settings.pauseMillis());
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            try {
                Runnable work = queue.poll(500, TimeUnit.MILLISECONDS);
                long paused = pauses.pausedFor(clock.millis());
                if (paused > 0) {
                    applier.resumedAfterPause(paused);
                }
                if (work != null) {
                    work.run();
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.log(java.util.logging.Level.WARNING, "Applying replicated data failed", e);
            }
        }
    }
}
