package io.jacos.transport.http.v2;

import io.jacos.model.RegistryException;
import io.jacos.transport.http.access.AccessDenied;
import io.jacos.transport.http.request.HttpRefusal;
import io.jacos.model.RegistryException.Reason;
import io.jacos.transport.http.HttpJson;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;

import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one place where v2 failures become answers: the HTTP status of the failure (400, 404, 500, 503) and the
 * envelope with the v2 error code, its short text, and the detail message in {@code data}. The code comes from
 * the refusal's reason and the parameter it names; a refusal that says neither goes by its HTTP code. The
 * mappers are made by the JAX-RS runtime, which injects only {@code @Context} alike on every server, so each
 * holds its own JSON writer.
 */
public final class V2Errors {

    private static final Logger LOG = Logger.getLogger(V2Errors.class.getName());

    /** A v2 error code with Nacos's short text for it. */
    public record Code(int code, String text) {
    }

    static final Code PARAMETER_MISSING = new Code(10000, "parameter missing");
    public static final Code PARAMETER_VALIDATE_ERROR = new Code(20002, "parameter validate error");
    public static final Code RESOURCE_NOT_FOUND = new Code(20004, "resource not found");
    public static final Code RESOURCE_CONFLICT = new Code(20005, "resource conflict");
    static final Code SERVICE_NAME_ERROR = new Code(21000, "service name error");
    public static final Code WEIGHT_ERROR = new Code(21001, "weight error");
    static final Code INSTANCE_METADATA_ERROR = new Code(21002, "instance metadata error");
    public static final Code INSTANCE_NOT_FOUND = new Code(21003, "instance not found");
    static final Code INSTANCE_ERROR = new Code(21004, "instance error");
    static final Code SELECTOR_ERROR = new Code(21006, "selector error");
    static final Code SERVICE_ALREADY_EXIST = new Code(21007, "service already exist");
    static final Code SERVICE_NOT_EXIST = new Code(21008, "service not exist");
    static final Code SERVICE_DELETE_FAILURE = new Code(21009, "service delete failure");
    static final Code ILLEGAL_NAMESPACE = new Code(22000, "illegal namespace");
    static final Code NAMESPACE_NOT_EXIST = new Code(22001, "namespace not exist");
    static final Code NAMESPACE_ALREADY_EXIST = new Code(22002, "namespace already exist");
    static final Code ILLEGAL_STATE = new Code(23000, "illegal state");
    static final Code CONFIG_GRAY_OVER_MAX_VERSION_COUNT = new Code(20010,
            "config gray version version over max count");
    public static final Code SERVER_ERROR = new Code(30000, "server error");
    public static final Code ACCESS_DENIED = new Code(10001, "access denied");

    private static final Map<String, Code> BY_PARAM = Map.ofEntries(
            Map.entry("serviceName", SERVICE_NAME_ERROR),
            Map.entry("groupName", SERVICE_NAME_ERROR),
            Map.entry("weight", WEIGHT_ERROR),
            Map.entry("metadata", INSTANCE_METADATA_ERROR),
            Map.entry("ip", INSTANCE_ERROR),
            Map.entry("port", INSTANCE_ERROR),
            Map.entry("clusterName", INSTANCE_ERROR),
            Map.entry("instanceId", INSTANCE_ERROR),
            Map.entry("ephemeral", INSTANCE_ERROR),
            Map.entry("selector", SELECTOR_ERROR),
            Map.entry("selectorType", SELECTOR_ERROR),
            Map.entry("namespace", ILLEGAL_NAMESPACE),
            Map.entry("namespaceId", ILLEGAL_NAMESPACE),
            Map.entry("state", ILLEGAL_STATE));

    private V2Errors() {
    }

    public static Code code(RegistryException e) {
        return switch (e.reason()) {
            case MISSING_PARAM -> PARAMETER_MISSING;
            case ILLEGAL_PARAM -> BY_PARAM.getOrDefault(e.param(), PARAMETER_VALIDATE_ERROR);
            case SERVICE_EXISTS -> SERVICE_ALREADY_EXIST;
            case SERVICE_NOT_FOUND -> SERVICE_NOT_EXIST;
            case SERVICE_NOT_EMPTY -> SERVICE_DELETE_FAILURE;
            case INSTANCE_NOT_FOUND -> INSTANCE_NOT_FOUND;
            case NAMESPACE_EXISTS -> NAMESPACE_ALREADY_EXIST;
            case NAMESPACE_NOT_FOUND -> NAMESPACE_NOT_EXIST;
            case NAMESPACE_NOT_EMPTY, OWNED_ELSEWHERE, VERSION_CHANGED -> RESOURCE_CONFLICT;
            case ARCHIVE_UNREADABLE, ARCHIVE_METADATA_ILLEGAL, ARCHIVE_EMPTY -> PARAMETER_VALIDATE_ERROR;
            case GRAY_VERSIONS_FULL -> CONFIG_GRAY_OVER_MAX_VERSION_COUNT;
            case UNSPECIFIED -> byCode(e);
        };
    }

    /** For refusals without a reason: the HTTP code, and the one refusal every call can meet, the namespace. */
    private static Code byCode(RegistryException e) {
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        if (message.contains("namespace") && message.contains("not exist")) {
            return NAMESPACE_NOT_EXIST;
        }
        return switch (e.code()) {
            case RegistryException.INVALID_PARAM -> PARAMETER_VALIDATE_ERROR;
            case RegistryException.NOT_FOUND -> RESOURCE_NOT_FOUND;
            default -> SERVER_ERROR;
        };
    }

    /**
     * The HTTP status: the refusal's own, except an unknown service, a 400 as in Nacos, and another node's instance,
     * a 409 (a conflict of where the change is made, not a failure of this server).
     */
    public static int status(RegistryException e) {
        if (e.reason() == Reason.SERVICE_NOT_FOUND) {
            return 400;
        }
        if (e.reason() == Reason.OWNED_ELSEWHERE) {
            return 409;
        }
        return switch (e.code()) {
            case RegistryException.INVALID_PARAM, RegistryException.NOT_FOUND, RegistryException.OVER_THRESHOLD ->
                    e.code();
            default -> 500;
        };
    }

    public static Response answer(HttpJson json, int status, Code code, String detail) {
        return Response.status(status).type(HttpJson.JSON_UTF8)
                .entity(json.write(new V2Result(code.code(), code.text(), detail))).build();
    }

    public static class Refused implements ExceptionMapper<RegistryException> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(RegistryException e) {
            return answer(json, status(e), code(e), e.getMessage());
        }
    }

    /** A call the access check refused: 403 with the v2 code for access denied and Nacos's short text. */
    public static class Denied implements ExceptionMapper<AccessDenied> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(AccessDenied e) {
            return answer(json, 403, ACCESS_DENIED, e.getMessage());
        }
    }

    /** A request written in a way the API does not read (size, content type, charset). */
    public static class Unreadable implements ExceptionMapper<HttpRefusal> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(HttpRefusal e) {
            return answer(json, e.status(), PARAMETER_VALIDATE_ERROR, e.getMessage());
        }
    }

    public static class UnknownPath implements ExceptionMapper<NotFoundException> {
        private final HttpJson json = new HttpJson();
        @Context
        UriInfo uri;

        @Override
        public Response toResponse(NotFoundException e) {
            return answer(json, 404, RESOURCE_NOT_FOUND, "No such resource: " + uri.getRequestUri().getRawPath());
        }
    }

    public static class WrongMethod implements ExceptionMapper<NotAllowedException> {
        private final HttpJson json = new HttpJson();
        @Context
        UriInfo uri;
        @Context
        Request request;

        @Override
        public Response toResponse(NotAllowedException e) {
            return Response.fromResponse(answer(json, 405, RESOURCE_NOT_FOUND, "Method " + request.getMethod()
                    + " is not allowed on " + uri.getRequestUri().getRawPath() + "."))
                    .allow(e.getResponse().getAllowedMethods()).build();
        }
    }

    public static class Protocol implements ExceptionMapper<WebApplicationException> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(WebApplicationException e) {
            Response.StatusType status = e.getResponse().getStatusInfo();
            return answer(json, status.getStatusCode(), PARAMETER_VALIDATE_ERROR, status.getReasonPhrase());
        }
    }

    public static class Unexpected implements ExceptionMapper<Throwable> {
        private final HttpJson json = new HttpJson();
        @Context
        UriInfo uri;

        @Override
        public Response toResponse(Throwable e) {
            LOG.log(Level.WARNING, "Request to " + uri.getRequestUri().getRawPath() + " failed", e);
            return answer(json, 500, SERVER_ERROR, "server error");
        }
    }
}
