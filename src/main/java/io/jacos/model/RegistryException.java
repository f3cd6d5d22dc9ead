package io.jacos.model;

/**
 * A refused registry operation, carrying the Nacos error code (400 bad parameter, 301 unknown client, ...)
 * that each transport maps to its own wire form. Thrown before any state has changed.
 *
 * <p>The optional {@link Reason} and parameter name say what the refusal is about in a form a transport can
 * map without reading the message (the v2 HTTP API answers a different code for a bad weight than for a bad
 * service name, a missing parameter or an unknown namespace).
 */
public class RegistryException extends RuntimeException {

    public static final int INVALID_PARAM = 400;
    public static final int NOT_FOUND = 404;
    public static final int UN_REGISTER = 301;
    public static final int SERVER_ERROR = 500;
    /** A count or rate limit was reached (Nacos OVER_THRESHOLD). */
    public static final int OVER_THRESHOLD = 503;

    /** What a refusal is about, beyond its code. */
    public enum Reason {
        /** Not said; a transport goes by the code alone. */
        UNSPECIFIED,
        MISSING_PARAM,
        ILLEGAL_PARAM,
        SERVICE_EXISTS,
        SERVICE_NOT_FOUND,
        /** The service still holds instances. */
        SERVICE_NOT_EMPTY,
        INSTANCE_NOT_FOUND,
        NAMESPACE_EXISTS,
        NAMESPACE_NOT_FOUND,
        /** The namespace still holds services. */
        NAMESPACE_NOT_EMPTY,
        /** The client that publishes the instance is owned by another node, which alone may change it. */
        OWNED_ELSEWHERE,
        /** A compare-and-set write found another version than the one the writer read. */
        VERSION_CHANGED,
        /** An uploaded configuration archive is not a zip this server reads, or breaks one of its bounds. */
        ARCHIVE_UNREADABLE,
        /** An uploaded configuration archive's metadata entry is malformed or names no configuration. */
        ARCHIVE_METADATA_ILLEGAL,
        /** An uploaded configuration archive holds no configuration. */
        ARCHIVE_EMPTY,
        /** A configuration has as many gray versions as it may: a new one is refused. */
        GRAY_VERSIONS_FULL
    }

    private final int code;
    private final Reason reason;
    private final String param;

    public RegistryException(int code, String message) {
        this(code, Reason.UNSPECIFIED, null, message);
    }

    public RegistryException(int code, Reason reason, String message) {
        this(code, reason, null, message);
    }

    public RegistryException(int code, Reason reason, String param, String message) {
        super(message, null, false, false);
        this.code = code;
        this.reason = reason == null ? Reason.UNSPECIFIED : reason;
        this.param = param;
    }

    public static RegistryException invalid(String message) {
        return new RegistryException(INVALID_PARAM, message);
    }

    /** 400: a required parameter is absent or blank. */
    public static RegistryException missing(String param, String message) {
        return new RegistryException(INVALID_PARAM, Reason.MISSING_PARAM, param, message);
    }

    /** 400: a parameter is present but breaks a rule. */
    public static RegistryException illegal(String param, String message) {
        return new RegistryException(INVALID_PARAM, Reason.ILLEGAL_PARAM, param, message);
    }

    /** A compare-and-set publish found another md5: a server error to the clients, as Nacos answers it. */
    public static RegistryException casMismatch() {
        return new RegistryException(SERVER_ERROR, Reason.VERSION_CHANGED,
                "Cas publish fail, server md5 may have changed.");
    }

    public static RegistryException serviceNotFound(ServiceKey service) {
        return new RegistryException(NOT_FOUND, Reason.SERVICE_NOT_FOUND, "Service " + service.groupedName()
                + " not found.");
    }

    /** 400: an uploaded configuration archive refused for {@code reason}, one of the {@code ARCHIVE_*} reasons. */
    public static RegistryException archive(Reason reason, String message) {
        return new RegistryException(INVALID_PARAM, reason, "file", message);
    }

    public int code() {
        return code;
    }

    public Reason reason() {
        return reason;
    }

    /** The request parameter a {@link Reason#MISSING_PARAM} or {@link Reason#ILLEGAL_PARAM} refusal names, or null. */
    public String param() {
        return param;
    }
}
