package io.jacos.transport.grpc;

import com.google.protobuf.ByteString;
import io.jacos.application.InstanceSelector;
import io.jacos.infrastructure.Settings;
import io.jacos.push.PushChannel;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.transport.grpc.dto.ServiceInfoAnswer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Pushes a service's state to a gRPC subscriber as {@code NotifySubscriberRequest} and waits for the ack. */
@ApplicationScoped
public class GrpcPushChannel implements PushChannel {

    @Inject
    ConnectionTable connections;
    @Inject
    ServiceInfoJson serviceInfo;
    @Inject
    PayloadCodec codec;
    @Inject
    Settings settings;

    @Override
    public Optional<CompletionStage<Void>> push(ClientId subscriber, ServiceView view, Subscription subscription) {
        return connections.find(subscriber.value()).map(connection -> {
            ByteString info = serviceInfo.of(InstanceSelector.select(view, subscription.clusters(), false));
            return connections.request(connection, requestId -> codec.encodeBytes("NotifySubscriberRequest",
                            ServiceInfoAnswer.notify(requestId, info)), settings.pushTimeoutMillis())
                    .thenAccept(answer -> {
                        if (!connections.isSuccess(answer)) {
                            throw new IllegalStateException("subscriber " + subscriber + " refused the push");
                        }
                    });
        });
    }
}
