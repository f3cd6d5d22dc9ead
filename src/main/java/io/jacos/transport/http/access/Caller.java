package io.jacos.transport.http.access;

import io.jacos.auth.Identity;
import jakarta.enterprise.context.RequestScoped;

/**
 * Who makes the current API call, as {@link AccessCheck} identified them before the call reached its method.
 * {@link Identity#UNCHECKED} while auth is off.
 */
@RequestScoped
public class Caller {

    private Identity identity = Identity.UNCHECKED;
    private String token;

    public Identity identity() {
        return identity;
    }

    /**
     * The token the call carried, or null: an operation relayed to the node it concerns carries it on, since a token
     * is valid on every node of the cluster. Never logged.
     */
    public String token() {
        return token;
    }

    void set(Identity identity, String token) {
        this.identity = identity;
        this.token = token;
    }
}
