package io.jacos.transport.grpc;

import io.jacos.application.InstanceSelector;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.push.PushChannel;
import io.jacos.transport.grpc.dto.ServiceInfoAnswer;
import io.jacos.transport.grpc.proto.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Pushes a service's state to a gRPC subscriber as {@code NotifySubscriberRequest}: queued in the connection's
 * {@link PushOutbox}, rendered from the then-current view when the stream takes it, acknowledged on the stream.
 */
@ApplicationScoped
public class GrpcPushChannel implements PushChannel {

    private ConnectionTable connections;
    private ServiceInfoJson serviceInfo;
    private PayloadCodec codec;

    /** For the container's proxy. */
    protected GrpcPushChannel() {
    }

    @Inject
    public GrpcPushChannel(ConnectionTable connections, ServiceInfoJson serviceInfo, PayloadCodec codec) {
        this.connections = connections;
        this.serviceInfo = serviceInfo;
        this.codec = codec;
    }

    @Override
    public String name() {
        return "grpc";
    }

    @Override
    public Optional<CompletionStage<Long>> push(ClientId subscriber, Subscription subscription,
                                                Supplier<ServiceView> currentView) {
        return connections.find(subscriber.value())
                .map(connection -> connection.outbox().offer(subscription, currentView, this::render));
    }

    private Payload render(ServiceView view, long readMark, Subscription subscription, String requestId) {
        return codec.encodeBytes("NotifySubscriberRequest", ServiceInfoAnswer.notify(requestId,
                serviceInfo.of(InstanceSelector.select(view, subscription.clusters(), false), readMark)));
    }
}
