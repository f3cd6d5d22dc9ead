package io.jacos.auth;

/**
 * What a request needs before it may reach a use case, as each HTTP resource method and gRPC handler declares it:
 * nothing ({@link #OPEN}: health, readiness, the login itself), a valid token ({@link #IDENTITY}), a grant to read or
 * write one namespace ({@link #READ}, {@link #WRITE}), or a global admin ({@link #ADMIN}).
 */
public enum Need {
    OPEN, IDENTITY, READ, WRITE, ADMIN
}
