package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
import io.jacos.cluster.ClusterLink;
import io.jacos.cluster.MembershipView;
import io.jacos.event.ClientConnected;
import io.jacos.event.ClientDisconnected;
import io.jacos.event.InstanceDeregistered;
import io.jacos.event.InstanceRegistered;
import io.jacos.model.NodeId;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.RecordingEvent;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One node's replication outside the container: a real registry, sender and applier wired by hand, a send
 * worker that runs only when the test pumps it, and a link that hands bytes to a {@link ReplicationNetwork}.
 */
final class ReplicationNode {

    final NodeId id;
    final Registry registry;
    final OwnedClientSender sender;
    final CopyApplier applier;
    final LocalEpoch epoch;
    final RecordingEvent<Object> peerNotices = new RecordingEvent<>();
    final ReplicationStatus status;
    final QueuedWorker worker = new QueuedWorker();
    final CatchUpChecks catchUps;
    private final ReplicationCodec codec = new ReplicationCodec();

    ReplicationNode(NodeId id, List<NodeId> members, Clock clock, ReplicationNetwork network) {
        this.id = id;
        this.registry = TestRegistries.create(clock, new ForwardingEvents());
        FixedMembers view = new FixedMembers(id, members);
        epoch = new LocalEpoch(clock);
        epoch.start();
        ReplicationSettings settings = new ReplicationSettings() {
            @Override
            public long copyGraceMillis() {
                return 20_000;
            }

            @Override
            public long verifyIntervalMillis() {
                return 5_000;
            }

            @Override
            public long aloneWaitMillis() {
                return 10_000;
            }
        };
        ClusterLink link = (to, payload) -> network.send(id, to, payload);
        sender = new OwnedClientSender(view, link, registry.reader(), epoch, null,
                new io.jacos.cluster.DrainMark(new io.jacos.testing.RecordingEvent<>()));
        sender.start(worker);
        status = new ReplicationStatus(view, sender, epoch, clock, settings);
        catchUps = new CatchUpChecks(view, sender, epoch);
        applier = new CopyApplier(registry, registry.reader(), view, link, sender, epoch, settings, status, clock,
                null, peerNotices, catchUps);
    }

    String address() {
        return id.address();
    }

    void install(long viewId, List<NodeId> members) {
        applier.viewChanged(new MembershipView(viewId, members.stream().sorted().toList(), false));
    }

    /** A view JGroups made by merging split views: what peers sent across the split may be old. */
    void merge(long viewId, List<NodeId> members) {
        applier.viewChanged(new MembershipView(viewId, members.stream().sorted().toList(), true));
    }

    void deliver(NodeId from, byte[] payload) {
        applier.received(from, codec.decode(payload));
    }

    /** As the inbox hands on a message from a node outside the view: a withdrawn address only. */
    void deliverFromOutsideView(NodeId from, byte[] payload) {
        if (codec.decode(payload) instanceof ReplicationMessage.Withdrawn withdrawn) {
            applier.withdrawnOutsideView(from, withdrawn);
        }
    }

    /** Registry events reach the sender as the container would deliver them to its observers. */
    private final class ForwardingEvents extends ArrayList<Object> {
        @Override
        public boolean add(Object event) {
            if (event instanceof ClientConnected e) {
                sender.connected(e);
            } else if (event instanceof InstanceRegistered e) {
                sender.registered(e);
            } else if (event instanceof InstanceDeregistered e) {
                sender.deregistered(e);
            } else if (event instanceof ClientDisconnected e) {
                sender.disconnected(e);
            }
            return super.add(event);
        }
    }

    /** Runs submitted tasks only when pumped, one at a time, like the single sender thread. */
    static final class QueuedWorker extends AbstractExecutorService {
        private final Queue<Runnable> tasks = new ArrayDeque<>();

        boolean runPending() {
            boolean ran = false;
            Runnable task;
            while ((task = tasks.poll()) != null) {
                task.run();
                ran = true;
            }
            return ran;
        }

        @Override
        public void execute(Runnable command) {
            tasks.add(command);
        }

        @Override
        public void shutdown() {
        }

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
