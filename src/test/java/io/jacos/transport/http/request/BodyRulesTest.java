package io.jacos.transport.http.request;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.jacos.transport.http.request.BodyRules.Kind.FORM;
import static io.jacos.transport.http.request.BodyRules.Kind.JSON;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a body is decoded, decided from its header alone; anything but the method's one way is refused. */
class BodyRulesTest {

    private static int refusal(BodyRules.Kind kind, String header) {
        return assertThrows(HttpRefusal.class, () -> BodyRules.charset(kind, ContentType.parse(header))).status();
    }

    @Test
    void formsAreUtf8UnlessTheyNameAnAsciiCompatibleCharset() {
        assertEquals(StandardCharsets.UTF_8, BodyRules.charset(FORM,
                ContentType.parse("application/x-www-form-urlencoded")));
        assertEquals(StandardCharsets.UTF_8, BodyRules.charset(FORM,
                ContentType.parse("Application/X-WWW-Form-Urlencoded; charset=\"utf-8\"")));
        assertEquals(StandardCharsets.ISO_8859_1, BodyRules.charset(FORM,
                ContentType.parse("application/x-www-form-urlencoded;charset=ISO-8859-1")));
    }

    @Test
    void anotherCharsetIs415AndAnUnknownOne400() {
        assertEquals(415, refusal(FORM, "application/x-www-form-urlencoded; charset=UTF-16LE"));
        assertEquals(415, refusal(FORM, "application/x-www-form-urlencoded; charset=UTF-32"));
        assertEquals(400, refusal(FORM, "application/x-www-form-urlencoded; charset=nonexistent"));
        assertEquals(400, refusal(FORM, "application/x-www-form-urlencoded; charset="));
        assertEquals(400, refusal(FORM, "application/x-www-form-urlencoded; charset=@@@"));
        assertEquals(415, refusal(JSON, "application/json; charset=ISO-8859-1"));
    }

    @Test
    void anotherMediaTypeOrNoneIs415() {
        assertEquals(415, refusal(FORM, "application/x-foo"));
        assertEquals(415, refusal(FORM, "application/json"));
        assertEquals(415, refusal(FORM, "multipart/form-data; boundary=x"));
        assertEquals(415, refusal(FORM, null));
        assertEquals(415, refusal(JSON, "application/x-www-form-urlencoded"));
        assertEquals(415, refusal(JSON, "text/plain"));
        assertEquals(StandardCharsets.UTF_8, BodyRules.charset(JSON, ContentType.parse("application/json")));
    }

    @Test
    void anyHeaderIsReadWithoutThrowing() {
        for (String header : new String[]{";;;", "=", ";charset", "a/b; charset", "\u0000", "  ", "x; charset=\""}) {
            assertDoesNotThrow(() -> ContentType.parse(header), header);
        }
        assertEquals(new ContentType("a/b", "x"), ContentType.parse(" A/B ; foo=bar; CHARSET = \"x\""));
    }

    @Test
    void aBodyOverTheLimitIs413() {
        String setting = "jacos.http.max-body-bytes";
        assertDoesNotThrow(() -> BodyRules.checkLength(100, 100, setting));
        assertDoesNotThrow(() -> BodyRules.checkLength(-1, 100, setting), "no declared length: read up to the limit");
        HttpRefusal refusal = assertThrows(HttpRefusal.class, () -> BodyRules.checkLength(101, 100, setting));
        assertEquals(413, refusal.status());
        assertTrue(refusal.getMessage().contains("jacos.http.max-body-bytes"));
    }
}
