package io.jacos.transport.http.admin;

import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import jakarta.ws.rs.core.Response;

/**
 * The admin resources' own refusals, in the v2 envelope: an unknown connection or node (404, 20004), bad input
 * (400, 20002), and a request refused because of the server's state, such as a cluster operation on a
 * standalone server (409, 20005 "resource conflict", Nacos's code for it). Domain refusals
 * ({@code RegistryException}) still go through the application's v2 mappers.
 */
final class AdminAnswers {

    private static final HttpJson JSON = new HttpJson();

    private AdminAnswers() {
    }

    static Response ok(Object data) {
        return JSON.ok(V2Result.success(data));
    }

    static Response notFound(String detail) {
        return failure(404, 20004, "resource not found", detail);
    }

    static Response badRequest(String detail) {
        return failure(400, 20002, "parameter validate error", detail);
    }

    static Response conflict(String detail) {
        return failure(409, 20005, "resource conflict", detail);
    }

    private static Response failure(int status, int code, String text, String detail) {
        return Response.status(status).type(HttpJson.JSON_UTF8).entity(JSON.write(new V2Result(code, text, detail)))
                .build();
    }
}
