package io.jacos.replication;

import io.jacos.event.EndpointWithdrawn;
import io.jacos.model.ClientId;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.registry.client.ClientSnapshot;

import java.util.List;
import java.util.Map;

/**
 * What nodes tell each other. Each message names the node that sent it and that node's epoch (its start
 * time, new at each start), so a receiver can fence a restarted node's older incarnation.
 */
public sealed interface ReplicationMessage {

    NodeId owner();

    long epoch();

    /** The current state of one client the owner holds (the instances it publishes), at a revision. */
    record ClientCopy(NodeId owner, long epoch, long revision, ClientSnapshot snapshot) implements ReplicationMessage {
    }

    /** The owner no longer holds the client: its copies go now. */
    record ClientGone(NodeId owner, long epoch, long revision, ClientId client) implements ReplicationMessage {
    }

    /**
     * Periodic verify: every client the owner holds with its revision, plus its load and whether it is drained. A receiver drops copies
     * the digest does not list and asks for a {@link FullSync} when it lacks a listed revision. {@code asOf} is
     * the owner's last revision when it was made, so a digest that arrives late (after a full sync made later)
     * is known to be old.
     */
    record Digest(NodeId owner, long epoch, Map<ClientId, Long> revisions, int connections, boolean drained,
                  long asOf) implements ReplicationMessage {
        public Digest {
            revisions = Map.copyOf(revisions);
        }

        public Digest(NodeId owner, long epoch, Map<ClientId, Long> revisions, int connections) {
            this(owner, epoch, revisions, connections, false, 0);
        }
    }

    /**
     * Everything the owner holds, authoritative: the receiver's copies of this owner not in it are dropped.
     * {@code asOf} is the owner's last revision when it was made: every message of the owner at or below it is
     * already reflected here, so one that arrives after it (delayed in a frozen or cut-off link) is refused.
     * {@code answers} is the number of the receiver's {@link SyncRequest} it answers, 0 when the owner sent it
     * unasked (on a view change): a receiver that doubts what is in flight believes only an answer to a request it
     * made since, which was surely made after that request arrived.
     */
    record FullSync(NodeId owner, long epoch, List<ClientCopy> clients, int connections, boolean drained,
                    long asOf, long answers) implements ReplicationMessage {
        public FullSync {
            clients = List.copyOf(clients);
        }

        public FullSync(NodeId owner, long epoch, List<ClientCopy> clients, int connections, boolean drained,
                        long asOf) {
            this(owner, epoch, clients, connections, drained, asOf, 0);
        }

        public FullSync(NodeId owner, long epoch, List<ClientCopy> clients, int connections) {
            this(owner, epoch, clients, connections, false, 0);
        }

        /** The same sync, as the answer to request {@code number}. */
        public FullSync answering(long number) {
            return new FullSync(owner, epoch, clients, connections, drained, asOf, number);
        }
    }

    /**
     * Asks the receiver to answer with its {@link FullSync}; {@code owner} here is the node asking, and
     * {@code number} (rising with each request it makes) comes back in the answer.
     */
    record SyncRequest(NodeId owner, long epoch, long number) implements ReplicationMessage {
    }

    /**
     * Asks the receiver to relay what it holds of {@code about}, a peer the asking node ({@code owner} here) no longer
     * hears though both are still in its view; answered with a {@link Relayed} only by a node that hears it.
     */
    record RelayRequest(NodeId owner, long epoch, NodeId about) implements ReplicationMessage {
    }

    /**
     * Asks the receiver whether it has read and believed everything the asking node ({@code owner} here) sent it
     * before this check: a node's messages to a peer arrive in the order sent, so when the check is read, all sent
     * before it have been. Answered with a {@link CaughtUp} carrying the same {@code number}.
     */
    record CatchUpCheck(NodeId owner, long epoch, long number) implements ReplicationMessage {
    }

    /** The answer to the {@link CatchUpCheck} {@code number}; {@code owner} here is the node answering. */
    record CaughtUp(NodeId owner, long epoch, long number, boolean caughtUp) implements ReplicationMessage {
    }

    /**
     * The owner committed a change of the service ({@code null}: of the namespaces) to the shared store; the
     * receiver re-reads it from there. Idempotent, so it needs no revision and its order does not matter.
     */
    record StoreChanged(NodeId owner, long epoch, ServiceKey service) implements ReplicationMessage {

        public static StoreChanged namespaces(NodeId owner, long epoch) {
            return new StoreChanged(owner, epoch, null);
        }

        public boolean namespaces() {
            return service == null;
        }
    }

    /**
     * The owner committed configuration changes to the shared store; the receiver reads the changes committed since
     * its last look. It names none: the store says which, so a lost or repeated notice changes nothing.
     */
    record ConfigsChanged(NodeId owner, long epoch) implements ReplicationMessage {
    }

    /**
     * An application deregistered {@code address} through the owner: a client the receiver handed off may hold a
     * parked copy of it, which goes now. Idempotent, so it needs no revision.
     */
    record Withdrawn(NodeId owner, long epoch, EndpointWithdrawn address) implements ReplicationMessage {
    }

    /**
     * What the sender holds of owners that just left its view, for peers that may have missed their last messages
     * (a cut rarely falls on every link at once): each copy and each removal keeps its owner's epoch and revision,
     * so a receiver takes only what is newer than what it holds. {@code owner} here is the node relaying.
     */
    record Relayed(NodeId owner, long epoch, List<ClientCopy> copies, List<ClientGone> gone)
            implements ReplicationMessage {
        public Relayed {
            copies = List.copyOf(copies);
            gone = List.copyOf(gone);
        }
    }
}
