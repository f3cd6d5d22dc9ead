package io.jacos.auth;

/**
 * The check each transport makes before a request reaches a use case. With auth off every method answers
 * {@link Identity#UNCHECKED} without looking at the token. Cheap enough for every request: tokens are verified
 * by signature and the user's grants come from a short-lived bounded cache, not a database read per request.
 */
public interface AuthGate {

    boolean enabled();

    /**
     * @param token the access token as the client sent it, or null
     * @throws AccessRefused MISSING_TOKEN, INVALID_TOKEN or EXPIRED_TOKEN
     */
    Identity identify(String token);

    /** {@link #identify} and then the grant check. @throws AccessRefused FORBIDDEN when the grant is missing */
    Identity authorize(String token, String namespaceId, Action action);

    /**
     * {@link #identify} and then the grant check on one resource: a grant on its whole namespace, or a narrower
     * one that matches it. @throws AccessRefused FORBIDDEN when no grant covers it
     */
    default Identity authorizeOn(String token, Resource resource, Action action) {
        Identity identity = identify(token);
        if (!identity.may(resource, action)) {
            throw new AccessRefused(AccessRefused.Reason.FORBIDDEN, "authorization failed!");
        }
        return identity;
    }

    /** {@link #identify} and then requires a global admin. @throws AccessRefused FORBIDDEN otherwise */
    Identity requireAdmin(String token);

    /**
     * The check a declared {@link Need} stands for; {@code namespaceId} counts for READ and WRITE only. An open call
     * is answered as {@link Identity#ANONYMOUS} (auth on) without looking at any token.
     */
    default Identity check(Need need, String token, String namespaceId) {
        if (!enabled()) {
            return Identity.UNCHECKED;
        }
        return switch (need) {
            case OPEN -> Identity.ANONYMOUS;
            case IDENTITY -> identify(token);
            case READ -> authorize(token, namespaceId, Action.READ);
            case WRITE -> authorize(token, namespaceId, Action.WRITE);
            case ADMIN -> requireAdmin(token);
        };
    }

    /** {@link #check(Need, String, String)} with READ and WRITE checked on the resource the request acts on. */
    default Identity checkOn(Need need, String token, Resource resource) {
        if (!enabled()) {
            return Identity.UNCHECKED;
        }
        return switch (need) {
            case READ -> authorizeOn(token, resource, Action.READ);
            case WRITE -> authorizeOn(token, resource, Action.WRITE);
            default -> check(need, token, resource.namespaceId());
        };
    }
}
