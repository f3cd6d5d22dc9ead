package io.jacos.transport.udp;

import io.jacos.application.RuntimeSwitches;
import io.jacos.infrastructure.ListenAddresses;
import io.jacos.infrastructure.ManagedPools;
import io.jacos.settings.UdpSettings;
import io.jacos.infrastructure.ServerEndpoints;
import io.jacos.settings.PushSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.push.PushChannel;
import io.jacos.registry.RegistryReader;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Pushes service changes to nacos-client 1.x subscribers over UDP ({@code jacos.udp.*} settings). Owns the
 * transport's lifecycle: the socket is bound by {@link #start()} (on the deployment thread, which also
 * creates the managed threads) and closed by {@link #shutDown()}, which frees the port and ends the receiver.
 * Serves nobody while {@code jacos.udp.push-enabled} is false; the socket is then not opened at all.
 */
@ApplicationScoped
public class UdpPushChannel implements PushChannel {

    private static final Logger LOG = Logger.getLogger(UdpPushChannel.class.getName());

    /** Pushes awaiting an ack at most; the push engine keeps one per (subscriber, service) on its way. */
    static final int MAX_PENDING = 100_000;
    private static final int ACK_THREADS = 2;

    private UdpSettings udpSettings;
    private ServerEndpoints endpoints;
    private PushSettings pushSettings;
    private NamingSettings namingSettings;
    private RuntimeSwitches switches;
    private RegistryReader registry;
    private ManagedPools pools;
    private Clock clock;
    private UdpStats stats;
    /** The container's scheduler is a resource, not a CDI bean, so it cannot come through the constructor. */
    @Resource
    private ManagedScheduledExecutorService scheduler;

    /** For the container's proxy. */
    protected UdpPushChannel() {
    }

    @Inject
    public UdpPushChannel(UdpSettings udpSettings, ServerEndpoints endpoints, PushSettings pushSettings,
                          NamingSettings namingSettings, RuntimeSwitches switches, RegistryReader registry,
                          ManagedPools pools, Clock clock, UdpStats stats) {
        this.udpSettings = udpSettings;
        this.endpoints = endpoints;
        this.pushSettings = pushSettings;
        this.namingSettings = namingSettings;
        this.switches = switches;
        this.registry = registry;
        this.pools = pools;
        this.clock = clock;
        this.stats = stats;
    }

    private UdpEndpoint endpoint;
    private ScheduledFuture<?> sweeping;
    private boolean closed;
    // Set last when starting, so a push sees either nothing (not serving yet) or a complete transport.
    private volatile UdpPusher pusher;

    @Override
    public String name() {
        return "udp";
    }

    @Override
    public Optional<CompletionStage<Long>> push(ClientId subscriber, Subscription subscription,
                                                Supplier<ServiceView> currentView) {
        UdpPusher serving = pusher;
        return serving == null ? Optional.empty() : serving.push(subscriber, subscription, currentView);
    }

    /** Where the push socket is bound; empty while UDP push is off. */
    public Optional<InetSocketAddress> localAddress() {
        return Optional.ofNullable(pusher).map(p -> endpoint.localAddress());
    }

    /** Pushes sent and not yet acknowledged or timed out. */
    public int pendingAcks() {
        return pusher == null ? 0 : endpoint.pendingCount();
    }

    public void start() {
        if (!udpSettings.udpPushEnabled()) {
            LOG.info("Jacos UDP push to 1.x clients is off (jacos.udp.push-enabled=false)");
            return;
        }
        InetSocketAddress bindTo = ListenAddresses.bindable(endpoints.listenAddresses().udp(), udpSettings.udpPort());
        UdpPackets packets = new UdpPackets();
        ExecutorService completions = pools.fixed("udp-ack", ACK_THREADS, MAX_PENDING);
        UdpEndpoint.Limits limits = new UdpEndpoint.Limits(udpSettings.udpAckTimeoutMillis(),
                udpSettings.udpMaxRetransmits(), MAX_PENDING);
        try {
            endpoint = UdpEndpoint.open(bindTo, packets, limits, completions, clock, stats,
                    ackTokens(new SecureRandom()));
        } catch (IOException | RuntimeException e) {
            // Deployment tools show only the outermost message, so it must say what to do.
            String message = "Cannot bind the UDP push socket to " + bindTo.getHostString() + ":" + bindTo.getPort()
                    + " (" + e.getMessage() + "). Choose another with jacos.udp.bind-address / jacos.udp.port"
                    + " (0 = any free port), or turn UDP push off with jacos.udp.push-enabled=false.";
            LOG.severe(message);
            throw new IllegalStateException(message, e);
        }
        ExecutorService receiver = pools.fixed("udp-receiver", 1, 1);
        receiver.execute(() -> endpoint.receiveWhile(() -> !receiver.isShutdown()));
        sweeping = Periodic.every(scheduler, sweepPeriodMillis(udpSettings.udpAckTimeoutMillis()), "UDP ack sweep",
                endpoint::sweep);
        pusher = new UdpPusher(endpoint, packets, pools.fixed("udp-push", pushSettings.pushWorkers(), MAX_PENDING),
                registry::kindOf, namingSettings.cacheMillis(), switches.beatTimes());
        InetSocketAddress bound = endpoint.localAddress();
        LOG.info(() -> "Jacos UDP push socket bound to " + bound.getHostString() + ":" + bound.getPort());
    }

    /**
     * Random ack tokens of 63 bits: non-negative, as Nacos's nano-time numbers are, for 1.x clients that read the
     * field as a number of their own kind.
     */
    static LongSupplier ackTokens(SecureRandom random) {
        return () -> random.nextLong() & Long.MAX_VALUE;
    }

    /** A tenth of the ack timeout, within 10 ms to 1 s: retransmits are at most that late. */
    static long sweepPeriodMillis(long ackTimeoutMillis) {
        return Math.max(10, Math.min(1000, ackTimeoutMillis / 10));
    }

    /**
     * Closes the socket and stops the ack sweep; later calls do nothing. Called when the web module stops, while
     * the application's classes can still be loaded (Payara Server closes the class loader before it destroys the
     * beans, and a stop then failed with the socket left open).
     */
    public synchronized void shutDown() {
        pusher = null;
        if (sweeping != null) {
            sweeping.cancel(false);
            sweeping = null;
        }
        if (endpoint != null && !closed) {
            closed = true;
            endpoint.close();
            LOG.info("Jacos UDP push socket closed");
        }
    }
}
