package io.jacos.model;

/**
 * A refused registry operation, carrying the Nacos error code (400 bad parameter, 301 unknown client, ...)
 * that each transport maps to its own wire form. Thrown before any state has changed.
 */
public class RegistryException extends RuntimeException {

    public static final int INVALID_PARAM = 400;
    public static final int NOT_FOUND = 404;
    public static final int UN_REGISTER = 301;
    public static final int SERVER_ERROR = 500;
    /** A count or rate limit was reached (Nacos OVER_THRESHOLD). */
    public static final int OVER_THRESHOLD = 503;

    private final int code;

    public RegistryException(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public static RegistryException invalid(String message) {
        return new RegistryException(INVALID_PARAM, message);
    }

    public int code() {
        return code;
    }
}
