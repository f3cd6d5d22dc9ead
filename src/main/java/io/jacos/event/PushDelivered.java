package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

/**
 * A subscriber acknowledged a push through {@code channel} ({@code grpc}, {@code udp}). {@code latencyMillis} runs
 * from the change it carried (or from the subscription, for the first push of a newer subscription) to the ack.
 */
public record PushDelivered(ClientId client, ServiceKey service, String channel, long latencyMillis) {
}
