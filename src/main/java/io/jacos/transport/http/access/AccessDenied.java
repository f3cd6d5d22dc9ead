package io.jacos.transport.http.access;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.Need;

/**
 * A call {@link AccessCheck} refused, with what the method needed, so each API can answer in its own form: the
 * open APIs with Nacos's short text ({@link #getMessage}), the console's API with a sentence that says what to do
 * ({@link #detail}).
 */
public final class AccessDenied extends RuntimeException {

    private final AccessRefused.Reason reason;
    private final Need need;
    private final String namespaceId;

    AccessDenied(AccessRefused refused, Need need, String namespaceId) {
        super(refused.getMessage(), null, false, false);
        this.reason = refused.reason();
        this.need = need;
        this.namespaceId = namespaceId;
    }

    /** A method that declares no {@link Access}: nobody may call it. */
    static AccessDenied undeclared() {
        return new AccessDenied(new AccessRefused(AccessRefused.Reason.FORBIDDEN, "authorization failed!"),
                null, null);
    }

    /**
     * A caller who passed the method's check but lacks {@code need} in a namespace the call reaches beyond the one
     * it named (configurations picked by row id).
     */
    public static AccessDenied forbidden(Need need, String namespaceId) {
        return new AccessDenied(new AccessRefused(AccessRefused.Reason.FORBIDDEN, "authorization failed!"), need,
                namespaceId);
    }

    public AccessRefused.Reason reason() {
        return reason;
    }

    /** Whether a (new) login could help: the token is missing, invalid or expired. */
    public boolean unauthenticated() {
        return reason == AccessRefused.Reason.MISSING_TOKEN || reason == AccessRefused.Reason.INVALID_TOKEN
                || reason == AccessRefused.Reason.EXPIRED_TOKEN;
    }

    public String detail() {
        return switch (reason) {
            case MISSING_TOKEN -> "Auth is on and the request carries no access token: log in first.";
            case EXPIRED_TOKEN -> "The access token has expired: log in again.";
            case INVALID_TOKEN -> "The access token is not valid on this server: log in again.";
            case TOO_MANY_ATTEMPTS -> "Too many failed logins from this address or for this user; try again later.";
            case BAD_CREDENTIALS -> "Unknown user or wrong password.";
            case FORBIDDEN -> need == null ? "This operation is not open to anyone."
                    : need == Need.READ || need == Need.WRITE
                    ? "This needs " + need + " access to namespace '" + namespaceId + "', which this user is not"
                    + " granted."
                    : "This needs a global admin (role ROLE_ADMIN), which this user is not.";
        };
    }
}
