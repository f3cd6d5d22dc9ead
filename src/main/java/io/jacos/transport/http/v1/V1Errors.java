package io.jacos.transport.http.v1;

import io.jacos.auth.AccessRefused;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.access.AccessDenied;
import io.jacos.transport.http.request.HttpRefusal;
import io.jacos.transport.http.HttpJson;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;

import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one place where v1 failures become answers, as Nacos's v1 API gives them: a plain-text message with the
 * HTTP status of the failure. A refusal keeps its code (400, 404, 503), except that an unknown service is a 400,
 * as in Nacos; unknown paths are 404 and wrong methods 405; anything unexpected is a 500 "server error", its
 * details only in the server log, never a stack trace or the container's HTML page.
 */
public final class V1Errors {

    private static final Logger LOG = Logger.getLogger(V1Errors.class.getName());

    private V1Errors() {
    }

    /** The HTTP status of a refusal on the v1 API. */
    static int status(RegistryException e) {
        if (e.reason() == RegistryException.Reason.SERVICE_NOT_FOUND) {
            return 400;
        }
        return switch (e.code()) {
            case RegistryException.INVALID_PARAM, RegistryException.NOT_FOUND, RegistryException.OVER_THRESHOLD ->
                    e.code();
            default -> 500;
        };
    }

    static Response plain(int status, String message) {
        return Response.status(status).type(HttpJson.TEXT_UTF8).entity(message).build();
    }

    public static class Refused implements ExceptionMapper<RegistryException> {
        @Override
        public Response toResponse(RegistryException e) {
            return plain(status(e), e.getMessage());
        }
    }

    /** A call the access check refused: 403 with Nacos's short text, on which the clients log in again. */
    public static class Denied implements ExceptionMapper<AccessDenied> {
        @Override
        public Response toResponse(AccessDenied e) {
            return plain(403, e.getMessage());
        }
    }

    /** A refusal a resource raised itself about who calls: 403, or 429 for too many failed logins. */
    public static class LoginRefused implements ExceptionMapper<AccessRefused> {
        @Override
        public Response toResponse(AccessRefused e) {
            return plain(e.reason() == AccessRefused.Reason.TOO_MANY_ATTEMPTS ? 429 : 403, e.getMessage());
        }
    }

    /** A request written in a way the API does not read (size, content type, charset). */
    public static class Unreadable implements ExceptionMapper<HttpRefusal> {
        @Override
        public Response toResponse(HttpRefusal e) {
            return plain(e.status(), e.getMessage());
        }
    }

    public static class UnknownPath implements ExceptionMapper<NotFoundException> {
        @Context
        UriInfo uri;

        @Override
        public Response toResponse(NotFoundException e) {
            return plain(404, "No such resource: " + uri.getRequestUri().getRawPath());
        }
    }

    public static class WrongMethod implements ExceptionMapper<NotAllowedException> {
        @Context
        UriInfo uri;
        @Context
        Request request;

        @Override
        public Response toResponse(NotAllowedException e) {
            return Response.fromResponse(plain(405, "Method " + request.getMethod() + " is not allowed on "
                    + uri.getRequestUri().getRawPath() + ".")).allow(e.getResponse().getAllowedMethods()).build();
        }
    }

    /** Other protocol-level refusals of the JAX-RS runtime (unsupported media type, not acceptable, ...). */
    public static class Protocol implements ExceptionMapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException e) {
            Response.StatusType status = e.getResponse().getStatusInfo();
            return plain(status.getStatusCode(), Objects.toString(status.getReasonPhrase(), "request refused"));
        }
    }

    public static class Unexpected implements ExceptionMapper<Throwable> {
        @Context
        UriInfo uri;

        @Override
        public Response toResponse(Throwable e) {
            LOG.log(Level.WARNING, "Request to " + uri.getRequestUri().getRawPath() + " failed", e);
            return plain(500, "server error");
        }
    }
}
