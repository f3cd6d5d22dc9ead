package io.jacos.transport.grpc.handler;

import io.jacos.model.ClientId;

/**
 * Who sent a request: the registered connection's client id, the IP the client reported, and the user its token
 * names ({@code ""} when auth is off or the call is open).
 */
public record RequestContext(ClientId client, String clientIp, String user) {
}
