package io.jacos.auth;

/**
 * A request or login the auth check refuses. The message is safe to show a client: it never contains the token
 * or the password. Every transport answers it with Nacos's 403 (the real clients log in again on 403).
 */
public final class AccessRefused extends RuntimeException {

    public enum Reason {
        /** No token where one is needed. */
        MISSING_TOKEN,
        /** A token that is malformed, not signed by this cluster's key, or names a user that is gone. */
        INVALID_TOKEN,
        EXPIRED_TOKEN,
        /** A login with an unknown user or a wrong password (the two are not told apart). */
        BAD_CREDENTIALS,
        /**
         * Too many failed logins from one address, or for one user name, in a short time; or too many logins being
         * checked at once.
         */
        TOO_MANY_ATTEMPTS,
        /** A valid user without the grant the request needs. */
        FORBIDDEN
    }

    private final Reason reason;

    public AccessRefused(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
