package io.jacos.transport.http;

import org.junit.jupiter.api.Test;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Only the HTTP layer's own failures to decode a path are kept out of the log; every other record passes. */
class MalformedPathLogTest {

    private static LogRecord record(Level level, Throwable thrown) {
        LogRecord record = new LogRecord(level, "An exception or error occurred in the container");
        record.setThrown(thrown);
        return record;
    }

    private static Throwable thrownIn(String className, RuntimeException e) {
        e.setStackTrace(new StackTraceElement[]{new StackTraceElement(className, "decode", "X.java", 1)});
        return e;
    }

    @Test
    void theHttpLayersPathDecodingFailuresAreRecognised() {
        assertTrue(MalformedPathLog.isMalformedPath(record(Level.SEVERE, thrownIn(
                "org.glassfish.grizzly.http.util.HttpRequestURIDecoder", new IllegalArgumentException("URLDecoder: x")))));
        assertTrue(MalformedPathLog.isMalformedPath(record(Level.SEVERE, thrownIn(
                "org.glassfish.grizzly.http.util.HttpRequestURIDecoder", new ArrayIndexOutOfBoundsException(46)))));
    }

    @Test
    void everythingElsePasses() {
        assertFalse(MalformedPathLog.isMalformedPath(record(Level.SEVERE, thrownIn("io.jacos.Something",
                new IllegalArgumentException("URLDecoder: x")))));
        assertFalse(MalformedPathLog.isMalformedPath(record(Level.SEVERE, null)));
        assertFalse(MalformedPathLog.isMalformedPath(record(Level.INFO, thrownIn(
                "org.glassfish.grizzly.http.util.HttpRequestURIDecoder", new IllegalArgumentException("x")))));
    }
}
