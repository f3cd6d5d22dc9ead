package io.jacos.model;

import java.util.Objects;

/**
 * Who and what caused a change: the cause, and the actor, named the way an operator looks it up (a gRPC
 * connection id, a 1.x client's {@code ip:port}, {@code admin@<ip>}, or the node that did it).
 */
public record ChangeOrigin(ChangeCause cause, String actor) {

    public ChangeOrigin {
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(actor, "actor");
    }

    /** The client itself asked (a register, deregister or beat). */
    public static ChangeOrigin client(ClientId client) {
        return of(ChangeCause.CLIENT_REQUEST, client);
    }

    /** Something happened to the client: its connection closed, its beats stopped, its probe failed. */
    public static ChangeOrigin of(ChangeCause cause, ClientId client) {
        return new ChangeOrigin(cause, client.ipPort().map(a -> a.ip() + ':' + a.port()).orElse(client.value()));
    }

    public static ChangeOrigin admin(String remoteAddress) {
        return new ChangeOrigin(ChangeCause.ADMIN, "admin@" + remoteAddress);
    }

    /** An edit by a logged-in user (auth on): the history names the user; a blank name is {@link #admin(String)}. */
    public static ChangeOrigin admin(String username, String remoteAddress) {
        return username == null || username.isBlank() ? admin(remoteAddress)
                : new ChangeOrigin(ChangeCause.ADMIN, username + "@" + remoteAddress);
    }

    /** A node did it: a health-check verdict, or a copy of a peer's client. */
    public static ChangeOrigin node(ChangeCause cause, String nodeAddress) {
        return new ChangeOrigin(cause, nodeAddress);
    }
}
