package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.Address;
import org.jgroups.MergeView;
import org.jgroups.Message;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.util.NameCache;

import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The channel's receiver: keeps the current {@link LiveView} and hands views and messages to the
 * {@link ClusterInbox} on JGroups' own threads (views on the thread that installs them; messages from one sender
 * one at a time and in order, from different senders concurrently). Nothing thrown here reaches JGroups: a bad
 * message or a failing inbox costs one log line, never the channel.
 */
public class ViewTracker implements Receiver {

    private static final Logger LOG = Logger.getLogger(ViewTracker.class.getName());

    private final ClusterInbox inbox;
    private final Function<Address, Optional<String>> names;
    private final Optional<PayloadSeal> seal;
    private final java.util.concurrent.atomic.AtomicLong unsealed = new java.util.concurrent.atomic.AtomicLong();
    private volatile LiveView current;
    private volatile View installed;

    /** Names come from JGroups' logical-name cache, filled by discovery and joins. */
    public ViewTracker(NodeId self, ClusterInbox inbox) {
        this(self, inbox, Optional.empty());
    }

    /** With a seal (a cluster secret), every message must carry it, or it is dropped. */
    ViewTracker(NodeId self, ClusterInbox inbox, Optional<PayloadSeal> seal) {
        this(self, inbox, address -> Optional.ofNullable(NameCache.get(address)), seal);
    }

    ViewTracker(NodeId self, ClusterInbox inbox, Function<Address, Optional<String>> names) {
        this(self, inbox, names, Optional.empty());
    }

    private ViewTracker(NodeId self, ClusterInbox inbox, Function<Address, Optional<String>> names,
                        Optional<PayloadSeal> seal) {
        this.inbox = inbox;
        this.names = names;
        this.seal = seal;
        this.current = LiveView.alone(self);
    }

    public LiveView current() {
        return current;
    }

    /**
     * Synchronized, and a view older than the installed one is dropped: JGroups may deliver two views on two
     * threads (a node that becomes coordinator while it handles another's join), and the older one arriving last
     * would leave this node believing it is alone, a belief no merge ever corrects since JGroups itself is right.
     */
    @Override
    public synchronized void viewAccepted(View view) {
        View before = installed;
        if (before != null && view.getViewId().getId() < before.getViewId().getId()) {
            LOG.info(() -> "Ignored view " + view.getViewId() + ", older than the installed " + before.getViewId());
            return;
        }
        try {
            LiveView next = LiveView.of(view.getViewId().getId(), view.getMembers(), this::node,
                    view instanceof MergeView);
            if (next.nodes().size() < view.size()) {
                LOG.warning(() -> "View " + view.getViewId() + ": " + (view.size() - next.nodes().size())
                        + " member(s) without a node name are ignored: " + view);
            }
            installed = view;
            current = next;
            LOG.info(() -> "Cluster view " + next.id() + (next.merged() ? " (merged)" : "") + ": " + next.members());
            inbox.viewChanged(next.toMembershipView());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Handling view " + view + " failed", e);
        }
    }

    @Override
    public void receive(Message message) {
        Address source = message.getSrc();
        try {
            Optional<NodeId> member = current.node(source).or(() -> lateName(source));
            Optional<NodeId> from = member.isPresent() ? member : node(source);
            if (from.isEmpty()) {
                LOG.info(() -> "Dropped a message from " + source + ": not in the current view");
                return;
            }
            byte[] payload = payload(message);
            if (seal.isPresent()) {
                Optional<byte[]> opened = seal.get().open(payload);
                if (opened.isEmpty()) {
                    dropUnsealed(source);
                    return;
                }
                payload = opened.get();
            }
            if (member.isPresent()) {
                inbox.received(from.get(), payload);
            } else {
                inbox.receivedFromOutsideView(from.get(), payload);
            }
        } catch (RuntimeException e) {
            LOG.warning(() -> "Dropped a message from " + source + ": " + e);
        }
    }

    /** Logged the 1st, 2nd, 4th, 8th... time: someone altering traffic must not flood the log too. */
    private void dropUnsealed(Address source) {
        long count = unsealed.incrementAndGet();
        if (Long.bitCount(count) == 1) {
            LOG.warning(() -> "Dropped a message from " + source + " whose seal does not match: altered on the way"
                    + " (" + count + " so far)");
        }
    }

    /**
     * A member of the installed view whose name was not known when the view came (possible after a merge):
     * once its name is known, the view is announced again, with it.
     */
    private Optional<NodeId> lateName(Address source) {
        View view = installed;
        if (view == null || !view.containsMember(source) || node(source).isEmpty()) {
            return Optional.empty();
        }
        viewAccepted(view);
        return current.node(source);
    }

    /** A member's node id from its logical name; a name that is no {@code host:port} is no node of ours. */
    Optional<NodeId> node(Address member) {
        Optional<String> name = names.apply(member);
        if (name.isEmpty()) {
            return Optional.empty();
        }
        try {
            // Our nodes always name themselves host:port, so a name without a port is someone else's channel.
            if (name.get().indexOf(':') < 0) {
                throw new IllegalArgumentException("no port");
            }
            return Optional.of(NodeId.parse(name.get(), ClusterPlanReader.NACOS_PORT));
        } catch (IllegalArgumentException e) {
            LOG.warning(() -> "Member " + member + " has a name that is no node address: " + name.get());
            return Optional.empty();
        }
    }

    private static byte[] payload(Message message) {
        byte[] array = message.getArray();
        if (array == null) {
            return new byte[0];
        }
        int offset = message.getOffset();
        int length = message.getLength();
        if (offset == 0 && length == array.length) {
            return array;
        }
        byte[] copy = new byte[length];
        System.arraycopy(array, offset, copy, 0, length);
        return copy;
    }
}
