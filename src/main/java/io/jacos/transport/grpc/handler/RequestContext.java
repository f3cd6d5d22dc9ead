package io.jacos.transport.grpc.handler;

import io.jacos.model.ClientId;

/** Who sent a request: the registered connection's client id and the IP the client reported. */
public record RequestContext(ClientId client, String clientIp) {
}
