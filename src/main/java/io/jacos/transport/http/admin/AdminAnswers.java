package io.jacos.transport.http.admin;

import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Errors;
import io.jacos.transport.http.v2.V2Result;
import jakarta.ws.rs.core.Response;

/**
 * The admin resources' own refusals, in the v2 envelope: an unknown connection or node (404, 20004), bad input
 * (400, 20002), and a request refused because of the server's state, such as a cluster operation on a
 * standalone server (409, 20005 "resource conflict", Nacos's code for it), as {@link AdminErrors} answers the
 * application's refusals.
 */
final class AdminAnswers {

    private static final HttpJson JSON = new HttpJson();

    private AdminAnswers() {
    }

    static Response ok(Object data) {
        return JSON.ok(V2Result.success(data));
    }

    static Response created(Object data) {
        return Response.status(201).type(HttpJson.JSON_UTF8).entity(JSON.write(V2Result.success(data))).build();
    }

    static Response notFound(String detail) {
        return failure(404, V2Errors.RESOURCE_NOT_FOUND, detail);
    }

    static Response badRequest(String detail) {
        return failure(400, V2Errors.PARAMETER_VALIDATE_ERROR, detail);
    }

    static Response conflict(String detail) {
        return failure(409, V2Errors.RESOURCE_CONFLICT, detail);
    }

    private static Response failure(int status, V2Errors.Code code, String detail) {
        return V2Errors.answer(JSON, status, code, detail);
    }
}
