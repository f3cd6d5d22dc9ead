package io.jacos.transport.http;

import io.jacos.model.RegistryException;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Log levels set by a Nacos log name ({@code logName}, {@code logLevel}) on the {@code java.util.logging} logger
 * that stands for it. Unknown names and levels are refused, where Nacos ignores them: a caller should know nothing
 * changed. The loggers are held here, as {@code java.util.logging} keeps only weak references and would otherwise
 * drop a level set on a logger nobody else holds; the owner keeps this object as long as the server runs.
 */
public final class NamedLoggers {

    private final Map<String, String> loggers;
    private final Map<String, Logger> held = new ConcurrentHashMap<>();

    /** {@code loggers}: each Nacos log name with the Jacos logger doing that work. */
    public NamedLoggers(Map<String, String> loggers) {
        this.loggers = Map.copyOf(loggers);
    }

    /** Sets the level of the logger {@code logName} stands for; 400 for a name or level Nacos does not have. */
    public void set(String logName, String logLevel) {
        String logger = loggers.get(logName);
        if (logger == null) {
            throw RegistryException.illegal("logName", "Param 'logName' is illegal: '" + logName + "' (one of "
                    + String.join(", ", loggers.keySet().stream().sorted().toList()) + ").");
        }
        Level level = NamingLogLevels.LEVELS.get(logLevel.trim().toUpperCase(Locale.ROOT));
        if (level == null) {
            throw RegistryException.illegal("logLevel", "Param 'logLevel' is illegal: '" + logLevel
                    + "' (one of TRACE, DEBUG, INFO, WARN, ERROR, OFF, ALL).");
        }
        held.computeIfAbsent(logName, name -> Logger.getLogger(logger)).setLevel(level);
    }

    /** The level set on the logger {@code logName} stands for, null when none is set or the name is unknown. */
    public Level levelOf(String logName) {
        String logger = loggers.get(logName);
        return logger == null ? null : Logger.getLogger(logger).getLevel();
    }
}
