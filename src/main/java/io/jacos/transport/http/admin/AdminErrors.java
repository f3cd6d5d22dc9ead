package io.jacos.transport.http.admin;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.UserAdmin;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.access.AccessDenied;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Errors;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

import java.util.Comparator;

/**
 * How the admin API answers a refusal: the v2 envelope and code as on the v2 open API, but the HTTP status says
 * what an operator must do: 404 for anything unknown (namespace, service, instance), 409 for a request refused
 * because of the current state (deleting what is not empty, creating what exists, editing another node's client).
 */
public final class AdminErrors {

    private AdminErrors() {
    }

    static int status(RegistryException e) {
        return switch (e.reason()) {
            case SERVICE_NOT_FOUND, NAMESPACE_NOT_FOUND, INSTANCE_NOT_FOUND -> 404;
            case SERVICE_NOT_EMPTY, NAMESPACE_NOT_EMPTY, NAMESPACE_EXISTS, SERVICE_EXISTS, OWNED_ELSEWHERE,
                 VERSION_CHANGED -> 409;
            default -> e.code() == 409 ? 409 : V2Errors.status(e);
        };
    }

    public static class Refused implements ExceptionMapper<RegistryException> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(RegistryException e) {
            return V2Errors.answer(json, status(e), V2Errors.code(e), e.getMessage());
        }
    }

    /**
     * A users, roles or permissions change refused: 404 for an unknown user, binding or grant, 409 for a conflict
     * with what is stored (the user exists, the last admin), 400 for a bad name or a weak password.
     */
    public static class UserChangeRefused implements ExceptionMapper<UserAdmin.Refused> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(UserAdmin.Refused e) {
            return switch (e.kind()) {
                case UNKNOWN -> V2Errors.answer(json, 404, V2Errors.RESOURCE_NOT_FOUND, e.getMessage());
                case CONFLICT -> V2Errors.answer(json, 409, V2Errors.RESOURCE_CONFLICT, e.getMessage());
                case INVALID -> V2Errors.answer(json, 400, V2Errors.PARAMETER_VALIDATE_ERROR, e.getMessage());
            };
        }
    }

    /**
     * A refusal that came from a resource rather than the access check (the console's login): 403 with the v2 code
     * for access denied, 429 for too many failed logins, 401 for a token problem.
     */
    public static class LoginRefused implements ExceptionMapper<AccessRefused> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(AccessRefused e) {
            int status = switch (e.reason()) {
                case TOO_MANY_ATTEMPTS -> 429;
                case MISSING_TOKEN, INVALID_TOKEN, EXPIRED_TOKEN -> 401;
                case BAD_CREDENTIALS, FORBIDDEN -> 403;
            };
            return V2Errors.answer(json, status, V2Errors.ACCESS_DENIED, e.getMessage());
        }
    }

    /**
     * A call the access check refused: 401 when a login could help (the console then shows its login page), 403
     * when the user lacks the grant; the detail says what to do, as the console shows it.
     */
    public static class Denied implements ExceptionMapper<AccessDenied> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(AccessDenied e) {
            Response answer = V2Errors.answer(json, e.unauthenticated() ? 401 : 403, V2Errors.ACCESS_DENIED,
                    e.detail());
            return e.unauthenticated()
                    ? Response.fromResponse(answer).header("WWW-Authenticate", "Bearer realm=\"jacos\"").build()
                    : answer;
        }
    }

    /**
     * A constraint on a resource's parameter or body failed (Bean Validation run by the JAX-RS runtime): 400 with
     * the code of the parameter it names, as the application's own checks answer.
     */
    public static class Violated implements ExceptionMapper<ConstraintViolationException> {
        private final HttpJson json = new HttpJson();

        @Override
        public Response toResponse(ConstraintViolationException e) {
            ConstraintViolation<?> first = e.getConstraintViolations().stream()
                    .min(Comparator.comparing(v -> String.valueOf(v.getPropertyPath()))).orElse(null);
            if (first == null) {
                return V2Errors.answer(json, 400, V2Errors.PARAMETER_VALIDATE_ERROR, "Request is invalid.");
            }
            String param = param(first.getPropertyPath());
            RegistryException refusal = RegistryException.illegal(param, "Param '" + param + "' is illegal: "
                    + first.getMessage() + '.');
            return V2Errors.answer(json, 400, V2Errors.code(refusal), refusal.getMessage());
        }

        private static String param(Path path) {
            String name = "input";
            for (Path.Node node : path) {
                if (node.getKind() == ElementKind.PROPERTY || node.getKind() == ElementKind.PARAMETER) {
                    name = node.getName();
                }
            }
            return name;
        }
    }
}
