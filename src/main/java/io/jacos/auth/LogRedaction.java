package io.jacos.auth;

import java.util.List;
import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Masks tokens and passwords in what the container's libraries log about requests: Jersey, for one, logs a request's
 * full URL, query included, when it warns about a form body ({@code ...?accessToken=eyJ...}). Installed as a
 * {@link Filter} on those loggers while the application runs; it rewrites the message and its string parameters
 * ({@code accessToken=***}) and never drops a record. Our own code logs no token or password in the first place.
 */
final class LogRedaction implements Filter {

    /** The loggers known to write request URLs or headers. */
    static final List<String> LOGGERS = List.of("org.glassfish.jersey.servlet.WebComponent",
            "org.glassfish.jersey.server.ServerRuntime", "org.glassfish.jersey.server.wadl.WadlFeature",
            "jakarta.enterprise.web", "org.apache.catalina.core.StandardWrapperValve");

    private static final Pattern SECRET = Pattern.compile(
            "(?i)(accessToken|password|newPassword|token)=([^&\\s\"',;]+)");
    private static final Pattern BEARER = Pattern.compile("(?i)(Bearer|Basic)\\s+[A-Za-z0-9._~+/=-]+");

    /** Held: JUL keeps loggers weakly, and a collected logger would lose its filter. */
    private final List<Logger> loggers = LOGGERS.stream().map(Logger::getLogger).toList();
    private final List<Filter> previous = loggers.stream().map(Logger::getFilter).toList();

    void install() {
        loggers.forEach(logger -> logger.setFilter(this));
    }

    void uninstall() {
        for (int i = 0; i < loggers.size(); i++) {
            if (loggers.get(i).getFilter() == this) {
                loggers.get(i).setFilter(previous.get(i));
            }
        }
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        if (record.getMessage() != null) {
            record.setMessage(redact(record.getMessage()));
        }
        Object[] parameters = record.getParameters();
        if (parameters != null) {
            Object[] masked = parameters.clone();
            for (int i = 0; i < masked.length; i++) {
                if (masked[i] != null && !(masked[i] instanceof Number)) {
                    masked[i] = redact(String.valueOf(masked[i]));
                }
            }
            record.setParameters(masked);
        }
        return true;
    }

    static String redact(String text) {
        if (text.indexOf('=') < 0 && text.indexOf(' ') < 0) {
            return text;
        }
        return BEARER.matcher(SECRET.matcher(text).replaceAll("$1=***")).replaceAll("$1 ***");
    }
}
