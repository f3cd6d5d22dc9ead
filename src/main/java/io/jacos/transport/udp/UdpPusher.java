package io.jacos.transport.udp;

import io.jacos.application.BeatTimes;
import io.jacos.application.InstanceSelector;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.IpLiteral;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.transport.legacy.LegacyServiceInfo;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Which subscribers get UDP pushes, and what they get. A subscriber qualifies when its registry client is an
 * ip:port client (a 1.x poller that gave a {@code udpPort}) whose id names the address; it then receives the
 * service as the 1.x client reads it: grouped name, no {@code groupName}, its own cluster string echoed and
 * the hosts filtered by it. Rendering and sending run on {@code workers}, never on the push engine's tick.
 */
final class UdpPusher {

    private final UdpEndpoint endpoint;
    private final UdpPackets packets;
    private final Executor workers;
    private final Function<ClientId, Optional<ClientKind>> clientKinds;
    private final long cacheMillis;
    private final BeatTimes beatTimes;

    /** {@code clientKinds} tells the kind of a connected registry client; empty for one that is gone. */
    UdpPusher(UdpEndpoint endpoint, UdpPackets packets, Executor workers,
              Function<ClientId, Optional<ClientKind>> clientKinds, long cacheMillis, BeatTimes beatTimes) {
        this.endpoint = endpoint;
        this.packets = packets;
        this.workers = workers;
        this.clientKinds = clientKinds;
        this.cacheMillis = cacheMillis;
        this.beatTimes = beatTimes;
    }

    /**
     * A push to the subscriber's UDP address if it has one; empty for any other subscriber. The address must be an
     * IP literal: a host name is never looked up here (a lookup can block for seconds, and a name lets a caller aim
     * the pushes anywhere its DNS points), so such a subscriber gets no push.
     */
    Optional<CompletionStage<Long>> push(ClientId subscriber, Subscription subscription,
                                         Supplier<ServiceView> currentView) {
        return clientKinds.apply(subscriber)
                .filter(kind -> kind == ClientKind.IP_PORT)
                .flatMap(kind -> subscriber.ipPort())
                .flatMap(UdpPusher::literalAddress)
                .map(target -> {
                    CompletableFuture<Long> acked = new CompletableFuture<>();
                    try {
                        workers.execute(() -> send(target, subscription, currentView, acked));
                    } catch (RejectedExecutionException e) {
                        acked.completeExceptionally(e);
                    }
                    return acked;
                });
    }

    private static Optional<InetSocketAddress> literalAddress(ClientId.IpPort ipPort) {
        if (ipPort.port() < 1 || ipPort.port() > 65535) {
            return Optional.empty();
        }
        return IpLiteral.parse(ipPort.ip()).map(address -> new InetSocketAddress(address, ipPort.port()));
    }

    private void send(InetSocketAddress target, Subscription subscription, Supplier<ServiceView> currentView,
                      CompletableFuture<Long> acked) {
        try {
            // Read when sent, so a push that waited for a worker carries the newest state.
            ServiceView view = currentView.get();
            String data = packets.serviceInfo(LegacyServiceInfo.of(
                    InstanceSelector.select(view, subscription.clusters(), false), view.meta().metadata(),
                    cacheMillis, false, beatTimes));
            endpoint.send(target, view.revision(), token -> packets.push(data, token))
                    .whenComplete((revision, failure) -> {
                        if (failure == null) {
                            acked.complete(revision);
                        } else {
                            acked.completeExceptionally(failure);
                        }
                    });
        } catch (RuntimeException e) {
            // One push that cannot be built or addressed fails alone; the push engine retries it.
            acked.completeExceptionally(e);
        }
    }
}
