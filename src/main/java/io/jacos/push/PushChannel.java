package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * A way to deliver a service's current state to a subscriber (gRPC stream, UDP). Implemented by the
 * transports, so push never depends on a wire format.
 */
public interface PushChannel {

    /**
     * Sends the view, filtered for the subscription, if this channel serves the client; empty otherwise.
     * The stage completes when the subscriber acknowledged, and fails on refusal or timeout.
     */
    Optional<CompletionStage<Void>> push(ClientId subscriber, ServiceView view, Subscription subscription);
}
