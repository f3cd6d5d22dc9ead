package io.jacos.transport.http;

import io.jacos.model.RegistryException;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The log levels Nacos's operator call sets ({@code PUT …/ns/ops/log}, {@code logName} and {@code logLevel}), on the
 * Jacos loggers that do the same work as Nacos's named logs: {@code naming-push} the pushes, {@code naming-rt} the
 * health checks, {@code naming-event} the events, {@code naming-distro} the copies between nodes,
 * {@code naming-raft} the cluster membership, {@code naming-performance} the metrics and {@code naming-server} all
 * of Jacos. Other names and levels are refused, where Nacos ignores them: a caller should know nothing changed.
 * The change holds on this node until it stops. The loggers are held here, as {@code java.util.logging} keeps
 * only weak references and would otherwise drop a level set on a logger nobody else holds.
 */
@ApplicationScoped
public class NamingLogLevels {

    static final Map<String, String> LOGGERS = Map.of(
            "naming-push", "io.jacos.push",
            "naming-rt", "io.jacos.health",
            "naming-event", "io.jacos.event",
            "naming-distro", "io.jacos.replication",
            "naming-raft", "io.jacos.cluster",
            "naming-performance", "io.jacos.metrics",
            "naming-server", "io.jacos");

    static final Map<String, Level> LEVELS = Map.of(
            "ALL", Level.ALL, "TRACE", Level.FINEST, "DEBUG", Level.FINE, "INFO", Level.INFO,
            "WARN", Level.WARNING, "ERROR", Level.SEVERE, "OFF", Level.OFF);

    private final Map<String, Logger> held = new ConcurrentHashMap<>();

    /** Sets the level of the logger {@code logName} stands for; 400 for a name or level Nacos does not have. */
    public void set(String logName, String logLevel) {
        String logger = LOGGERS.get(logName);
        if (logger == null) {
            throw RegistryException.illegal("logName", "Param 'logName' is illegal: '" + logName + "' (one of "
                    + String.join(", ", LOGGERS.keySet().stream().sorted().toList()) + ").");
        }
        Level level = LEVELS.get(logLevel.trim().toUpperCase(Locale.ROOT));
        if (level == null) {
            throw RegistryException.illegal("logLevel", "Param 'logLevel' is illegal: '" + logLevel
                    + "' (one of TRACE, DEBUG, INFO, WARN, ERROR, OFF, ALL).");
        }
        held.computeIfAbsent(logName, name -> Logger.getLogger(logger)).setLevel(level);
    }

    /** The level set on the logger {@code logName} stands for, null when none is set. */
    public Level levelOf(String logName) {
        String logger = LOGGERS.get(logName);
        return logger == null ? null : Logger.getLogger(logger).getLevel();
    }
}
