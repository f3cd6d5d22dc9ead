package io.jacos.it.support;

import com.fasterxml.jackson.databind.JsonNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks of answers in the v2 envelope, {@code {code, message, data}}. */
public final class V2Answers {

    private V2Answers() {
    }

    /** A 200 with code 0 and message {@code success}; its {@code data}. */
    public static JsonNode assertSuccess(NacosHttp.Answer answer) {
        assertEquals(200, answer.status(), answer::toString);
        assertEquals(0, answer.json().path("code").asInt(), answer::toString);
        assertEquals("success", answer.json().path("message").asText(), answer::toString);
        return answer.data();
    }

    /** A refusal with this HTTP status and v2 code, as JSON, its {@code data} saying why. */
    public static void assertFailure(NacosHttp.Answer answer, int status, int code) {
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("application/json"), answer::toString);
        assertEquals(code, answer.json().path("code").asInt(), answer::toString);
        assertFalse(answer.json().path("data").asText().isBlank(), answer::toString);
    }
}
