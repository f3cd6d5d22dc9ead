package io.jacos.transport.http.request;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The zip taken out of an upload: raw, or the {@code file} part of a form, and the malformed forms refused. */
class UploadBodiesTest {

    private static final String TYPE = "multipart/form-data; boundary=\"b0und\"";

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String part(String name, String data) {
        return "--b0und\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"x.zip\"\r\n"
                + "Content-Type: application/zip\r\n\r\n" + data + "\r\n";
    }

    @Test
    void theFilePartIsTakenByteForByteAmongOtherParts() {
        String data = "PK\u0003\u0004\r\n--b0un not a boundary\r\n\u00ff";
        byte[] body = bytes(part("policy", "SKIP") + part("file", data) + "--b0und--\r\n");
        assertArrayEquals(bytes(data), UploadBodies.zip(TYPE, body));
        assertArrayEquals(new byte[0], UploadBodies.zip(TYPE, bytes(part("other", "x") + "--b0und--")));
        assertArrayEquals(bytes("PK"), UploadBodies.zip("application/zip", bytes("PK")));
    }

    @Test
    void malformedFormsAndOtherMediaTypesAreRefused() {
        assertEquals(415, assertThrows(HttpRefusal.class,
                () -> UploadBodies.zip("text/plain", bytes("x"))).status());
        for (String body : new String[]{
                "no boundary at all",
                part("file", "a") + part("file", "b") + "--b0und--",
                "--b0und\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nnever ends",
                "--b0und\r\n" + "X".repeat(10_000) + "\r\n\r\nx\r\n--b0und--",
                (part("p", "x")).repeat(40) + "--b0und--"}) {
            HttpRefusal refused = assertThrows(HttpRefusal.class, () -> UploadBodies.zip(TYPE, bytes(body)));
            assertEquals(400, refused.status());
            assertTrue(refused.getMessage().contains("multipart"), refused.getMessage());
        }
        assertEquals(400, assertThrows(HttpRefusal.class,
                () -> UploadBodies.zip("multipart/form-data", bytes("x"))).status(), "no boundary parameter");
    }
}
