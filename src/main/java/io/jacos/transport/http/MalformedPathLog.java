package io.jacos.transport.http;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps a malformed %-escape in a request path from writing a stack trace into the log. Payara's HTTP layer decodes
 * the path before any filter of ours can see the request and logs each failure at SEVERE with its trace, so a
 * client could fill the log one request at a time. While this application runs, such a record becomes one line at
 * FINE; every other record of that logger passes as before.
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
                LOG.fine(() -> "request with a malformed %-escape in its path: " + record.getThrown().getMessage());
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
        return record.getLevel().intValue() >= Level.WARNING.intValue() && thrown instanceof IllegalArgumentException
                && thrown.getMessage() != null && thrown.getMessage().startsWith("URLDecoder:");
    }
}
