package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A way to deliver a service's current state to a subscriber (gRPC stream, UDP). Implemented by the
 * transports, so push never depends on a wire format.
 */
public interface PushChannel {

    /** Short name for the counters ({@code grpc}, {@code udp}). */
    default String name() {
        return getClass().getSimpleName();
    }

    /**
     * Queues a push of the service to the subscriber if this channel serves it; empty otherwise. The channel
     * reads {@code currentView} when it actually writes, so a push that waited for a slow stream still carries
     * the newest state. The stage completes with the revision the subscriber acknowledged, and fails on
     * refusal, timeout or a closed connection.
     */
    Optional<CompletionStage<Long>> push(ClientId subscriber, Subscription subscription,
                                         Supplier<ServiceView> currentView);
}
