package io.jacos.transport.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the error page answers for the failures the container raises before the APIs run. */
class ErrorPageServletTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void underTheAdminAndV2ApisEveryFailureIsTheV2Envelope() throws Exception {
        for (String path : List.of("/nacos/admin/users", "/nacos/admin", "/nacos/v2/ns/instance")) {
            ErrorPageServlet.Answer refused = ErrorPageServlet.answer(400, "POST", path, "/nacos");
            assertEquals(400, refused.status());
            assertTrue(refused.contentType().startsWith("application/json"), refused.contentType());
            JsonNode body = JSON.readTree(refused.body());
            assertEquals(20002, body.path("code").asInt(), refused.body());
            assertEquals("parameter validate error", body.path("message").asText());
            assertEquals("Request refused (400).", body.path("data").asText());
        }
        assertEquals(20004, code(ErrorPageServlet.answer(404, "GET", "/nacos/admin/x", "/nacos")));
        assertEquals(20004, code(ErrorPageServlet.answer(405, "TRACE", "/nacos/admin/users", "/nacos")));
        assertEquals(30000, code(ErrorPageServlet.answer(500, "GET", "/nacos/v2/ns/instance", "/nacos")));
    }

    @Test
    void elsewhereTheAnswerIsAPlainStatusLine() {
        ErrorPageServlet.Answer refused = ErrorPageServlet.answer(400, "POST", "/nacos/v1/ns/instance", "/nacos");
        assertEquals("text/plain;charset=UTF-8", refused.contentType());
        assertEquals("Request refused (400).", refused.body());
        ErrorPageServlet.Answer hidden = ErrorPageServlet.answer(403, "GET", "/nacos/WEB-INF/web.xml", "/nacos");
        assertEquals(404, hidden.status());
        assertEquals("No such resource: /nacos/WEB-INF/web.xml", hidden.body());
        assertEquals("text/plain;charset=UTF-8",
                ErrorPageServlet.answer(400, "GET", "/nacos/administrator", "/nacos").contentType());
    }

    private static int code(ErrorPageServlet.Answer answer) throws Exception {
        return JSON.readTree(answer.body()).path("code").asInt();
    }
}
