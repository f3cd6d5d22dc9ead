package io.jacos.transport.grpc;

import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerTransportFilter;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * Gives every TCP connection an id when it opens ({@code <millis>_<ip>_<port>}, as Nacos does), hands it
 * to each call on that connection, and reports the connection's end so its client is dropped at once.
 */
final class ConnectionIdentity {

    private final Clock clock;
    private final Consumer<ConnectionMeta> onTerminated;

    ConnectionIdentity(Clock clock, Consumer<ConnectionMeta> onTerminated) {
        this.clock = clock;
        this.onTerminated = onTerminated;
    }

    ServerTransportFilter transportFilter() {
        return new ServerTransportFilter() {
            @Override
            public Attributes transportReady(Attributes attributes) {
                InetSocketAddress remote = inet(attributes.get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR));
                InetSocketAddress local = inet(attributes.get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR));
                String ip = remote == null ? "unknown" : remote.getAddress().getHostAddress();
                int port = remote == null ? 0 : remote.getPort();
                String id = clock.millis() + "_" + ip + "_" + port;
                ConnectionMeta meta = new ConnectionMeta(id, ip, port, local == null ? 0 : local.getPort());
                return attributes.toBuilder().set(ConnectionMeta.ATTRIBUTE, meta).build();
            }

            @Override
            public void transportTerminated(Attributes attributes) {
                // gRPC passes null when the transport ended before it was ready (e.g. a client that gave up
                // during the HTTP/2 handshake): no id was handed out, so there is nothing to drop.
                if (attributes == null) {
                    return;
                }
                ConnectionMeta meta = attributes.get(ConnectionMeta.ATTRIBUTE);
                if (meta != null) {
                    meta.markTerminated();
                    onTerminated.accept(meta);
                }
            }
        };
    }

    ServerInterceptor interceptor() {
        return new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                               ServerCallHandler<Q, R> next) {
                ConnectionMeta meta = call.getAttributes().get(ConnectionMeta.ATTRIBUTE);
                Context context = Context.current().withValue(ConnectionMeta.CONTEXT, meta);
                return Contexts.interceptCall(context, call, headers, next);
            }
        };
    }

    private static InetSocketAddress inet(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet : null;
    }
}
