package io.jacos.transport.http;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps a request path that Payara's HTTP layer cannot decode or normalize (a malformed %-escape, some trailing
 * dot segments) from writing a stack trace into the log. That layer handles the path before any filter of ours can
 * see the request, answers it itself without running any application code, and logs each failure at SEVERE with
 * its trace, so a client could fill the log one request at a time. While this application runs, such a record
 * becomes one line at FINE; every other record of that logger passes as before.
 */
@WebListener
public class MalformedPathLog implements ServletContextListener {

    /** The logger Payara's web container reports request processing failures on. */
    static final String CONTAINER_LOGGER = "jakarta.enterprise.web.core";

    private static final Logger LOG = Logger.getLogger(MalformedPathLog.class.getName());

    private final Logger container = Logger.getLogger(CONTAINER_LOGGER);
    private Filter previous;
    private Filter installed;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        previous = container.getFilter();
        installed = record -> {
            if (isMalformedPath(record)) {
                LOG.fine(() -> "request whose path the HTTP layer could not decode: " + record.getThrown());
                return false;
            }
            return previous == null || previous.isLoggable(record);
        };
        container.setFilter(installed);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (container.getFilter() == installed) {
            container.setFilter(previous);
        }
    }

    static boolean isMalformedPath(LogRecord record) {
        Throwable thrown = record.getThrown();
        if (record.getLevel().intValue() < Level.WARNING.intValue() || thrown == null) {
            return false;
        }
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().endsWith(".HttpRequestURIDecoder")) {
                return true;
            }
        }
        return false;
    }
}
