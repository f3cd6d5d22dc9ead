package io.jacos.transport.udp;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one UDP socket of the 1.x push: it sends each push, receives the acks (1.x clients answer the address a
 * push came from) and sends a push again when its ack is late. Free of the container: the caller supplies the
 * thread that runs {@link #receiveWhile}, calls {@link #sweep()} periodically and passes the executor
 * that completes acknowledged pushes.
 * <p>
 * The receiving thread only parses and matches acks. Completing a push runs the push engine's continuation,
 * which reads the registry, so it always goes to {@code completions}.
 */
final class UdpEndpoint implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(UdpEndpoint.class.getName());

    /** How long a push waits for its ack before it is sent again, how often, and how many may wait at once. */
    record Limits(long ackTimeoutMillis, int maxRetransmits, int maxPending) {
    }

    private final DatagramChannel channel;
    private final UdpPackets packets;
    private final PendingAcks pending;
    private final Limits limits;
    private final Executor completions;
    private final Clock clock;
    private final UdpStats stats;
    private final LongSupplier tokens;
    private final AtomicBoolean sendFailureLogged = new AtomicBoolean();

    private UdpEndpoint(DatagramChannel channel, UdpPackets packets, Limits limits, Executor completions,
                        Clock clock, UdpStats stats, LongSupplier tokens) {
        this.channel = channel;
        this.packets = packets;
        this.pending = new PendingAcks(limits.maxPending());
        this.limits = limits;
        this.completions = completions;
        this.clock = clock;
        this.stats = stats;
        this.tokens = tokens;
    }

    /**
     * Binds the socket. {@code tokens} gives each push its ack token. Every push shows its token to whoever
     * receives it, so tokens must be unguessable (random, not a sequence): otherwise anyone who can send datagrams
     * with a subscriber's source address could acknowledge pushes that subscriber never received.
     */
    static UdpEndpoint open(InetSocketAddress bindTo, UdpPackets packets, Limits limits, Executor completions,
                            Clock clock, UdpStats stats, LongSupplier tokens) throws IOException {
        DatagramChannel channel = bindTo.getAddress() instanceof Inet4Address
                ? DatagramChannel.open(StandardProtocolFamily.INET) : DatagramChannel.open();
        try {
            channel.bind(bindTo);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return new UdpEndpoint(channel, packets, limits, completions, clock, stats, tokens);
    }

    InetSocketAddress localAddress() {
        try {
            return (InetSocketAddress) channel.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException("UDP push socket closed", e);
        }
    }

    int pendingCount() {
        return pending.size();
    }

    /**
     * Sends the packet that {@code packetFor} builds for a fresh ack token. The future completes with
     * {@code revision} when {@code target} acknowledges it, and fails when the packet cannot be built or sent,
     * too many pushes await acks, or no ack came after every retransmit ({@link TimeoutException}).
     */
    CompletableFuture<Long> send(InetSocketAddress target, long revision, LongFunction<byte[]> packetFor) {
        if (target.isUnresolved()) {
            stats.refused();
            return CompletableFuture.failedFuture(new IOException("unresolved UDP subscriber address " + target));
        }
        long token = tokens.getAsLong();
        CompletableFuture<Long> acked = new CompletableFuture<>();
        PendingAcks.Entry entry;
        try {
            entry = PendingAcks.Entry.of(target, token, packetFor.apply(token), revision, acked,
                    clock.millis() + limits.ackTimeoutMillis(), limits.maxRetransmits());
        } catch (RuntimeException e) {
            stats.refused();
            return CompletableFuture.failedFuture(e);
        }
        // Registered before it is sent, so an ack that comes back at once finds it.
        if (!pending.add(entry)) {
            stats.refused();
            return CompletableFuture.failedFuture(new RejectedExecutionException(
                    limits.maxPending() + " UDP pushes already await their ack"));
        }
        try {
            transmit(entry);
            stats.sent();
        } catch (IOException e) {
            pending.remove(entry);
            stats.refused();
            warnOnce(target, e);
            acked.completeExceptionally(e);
        }
        return acked;
    }

    /** Sends overdue pushes again and fails those out of retransmits; call it periodically. */
    void sweep() {
        PendingAcks.Overdue overdue = pending.overdue(clock.millis(), limits.ackTimeoutMillis());
        for (PendingAcks.Entry entry : overdue.resend()) {
            try {
                transmit(entry);
                stats.retransmitted();
            } catch (IOException e) {
                // Left pending: the next deadline retransmits again or gives up.
                LOG.log(Level.FINE, "Retransmit to {0} failed: {1}", new Object[]{entry.target(), e});
            }
        }
        for (PendingAcks.Entry entry : overdue.expired()) {
            TimeoutException timeout = new TimeoutException("no ack from " + entry.target() + " after "
                    + (limits.maxRetransmits() + 1) + " sends");
            if (complete(entry, () -> entry.acked().completeExceptionally(timeout))) {
                stats.timedOut();
            }
        }
    }

    /** Runs the receiving loop on the calling thread until the socket closes or {@code keepRunning} is false. */
    void receiveWhile(BooleanSupplier keepRunning) {
        new AckReceiver(channel, packets, stats, this::acknowledged).receiveWhile(keepRunning);
    }

    /** Closes the socket, which ends the receiving loop, and fails every push still awaiting its ack. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Closing the UDP push socket failed", e);
        }
        IllegalStateException closed = new IllegalStateException("UDP push socket closed");
        pending.clear().forEach(entry -> entry.acked().completeExceptionally(closed));
    }

    private void acknowledged(InetSocketAddress from, long token) {
        pending.acknowledge(from, token).ifPresentOrElse(
                entry -> complete(entry, () -> entry.acked().complete(entry.revision())),
                stats::ackUnmatched);
    }

    /** Hands the completion of a push to {@code completions}; false when it was kept pending instead. */
    private boolean complete(PendingAcks.Entry entry, Runnable completion) {
        try {
            completions.execute(completion);
            return true;
        } catch (RejectedExecutionException e) {
            // Never complete here (this may be the receiving thread): the entry waits for the sweep instead,
            // whose retransmit earns a new ack, or whose timeout fails it.
            LOG.log(Level.WARNING, "No thread free to complete a UDP push to {0}; it is kept pending",
                    entry.target());
            pending.restore(entry);
            return false;
        }
    }

    /**
     * The push engine retries failed pushes quietly, so the first send error is logged loudly: typically the
     * socket's address cannot reach the subscriber (a loopback bind address and a remote client).
     */
    private void warnOnce(InetSocketAddress target, IOException e) {
        if (sendFailureLogged.compareAndSet(false, true)) {
            LOG.warning(() -> "UDP push from " + channel.socket().getLocalSocketAddress() + " to " + target
                    + " failed (" + e + "). Check that jacos.udp.bind-address can reach the 1.x clients;"
                    + " later send failures are logged at FINE only.");
        } else {
            LOG.log(Level.FINE, "UDP push to {0} failed: {1}", new Object[]{target, e});
        }
    }

    private void transmit(PendingAcks.Entry entry) throws IOException {
        channel.send(ByteBuffer.wrap(entry.packet()), entry.target());
    }
}
