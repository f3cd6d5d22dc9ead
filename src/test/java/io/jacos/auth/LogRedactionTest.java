package io.jacos.auth;

import org.junit.jupiter.api.Test;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogRedactionTest {

    @Test
    void tokensAndPasswordsAreMasked() {
        assertEquals("A servlet request to the URI http://h/nacos/prometheus?accessToken=*** contains form parameters",
                LogRedaction.redact("A servlet request to the URI http://h/nacos/prometheus?accessToken=eyJ.a.b "
                        + "contains form parameters"));
        assertEquals("x?username=nacos&password=***&accessToken=***",
                LogRedaction.redact("x?username=nacos&password=secret-1&accessToken=abc"));
        assertEquals("Authorization: Bearer ***", LogRedaction.redact("Authorization: Bearer eyJ.a.b"));
        assertEquals("plain", LogRedaction.redact("plain"));
    }

    @Test
    void recordsAreRewrittenNotDropped() {
        LogRecord record = new LogRecord(Level.WARNING, "request {0}");
        record.setParameters(new Object[]{"/x?accessToken=secret", 5});
        assertTrue(new LogRedaction().isLoggable(record));
        assertEquals("/x?accessToken=***", record.getParameters()[0]);
        assertEquals(5, record.getParameters()[1]);
    }
}
