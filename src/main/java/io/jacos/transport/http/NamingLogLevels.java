package io.jacos.transport.http;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.logging.Level;

/**
 * The log levels Nacos's operator call sets ({@code PUT …/ns/ops/log}, {@code logName} and {@code logLevel}), on the
 * Jacos loggers that do the same work as Nacos's named logs: {@code naming-push} the pushes, {@code naming-rt} the
 * health checks, {@code naming-event} the events, {@code naming-distro} the copies between nodes,
 * {@code naming-raft} the cluster membership, {@code naming-performance} the metrics and {@code naming-server} all
 * of Jacos ({@link NamedLoggers}: other names and levels are refused). The change holds on this node until it
 * stops.
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

    private final NamedLoggers loggers = new NamedLoggers(LOGGERS);

    /** Sets the level of the logger {@code logName} stands for; 400 for a name or level Nacos does not have. */
    public void set(String logName, String logLevel) {
        loggers.set(logName, logLevel);
    }

    /** The level set on the logger {@code logName} stands for, null when none is set. */
    public Level levelOf(String logName) {
        return loggers.levelOf(logName);
    }
}
