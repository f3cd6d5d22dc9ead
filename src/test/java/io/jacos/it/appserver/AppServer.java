package io.jacos.it.appserver;

import java.nio.file.Path;
import java.util.Set;

/**
 * A full application server unpacked from its Maven artifact, set up with the repository's own
 * {@code server-config} script, started on 127.0.0.1 and driven with its own command-line tool.
 */
interface AppServer extends AutoCloseable {

    String name();

    /** Sets the server up (first time only), starts it and waits until its admin interface answers. */
    void start();

    /** Deploys the WAR under context root {@code /nacos}, as an operator would. */
    void deploy(Path war);

    /** Deploys another WAR and answers what the tool said, success or not; the caller checks. */
    Commands.Result tryDeploy(Path war);

    void undeploy();

    /** The {@code nacos.home} the server runs with; the WAR's embedded database is in {@code data/} under it. */
    Path nacosHome();

    /** The server's own log, where a failed deployment's causes are written. */
    Path serverLog();

    /** The HTTP port the server serves the WAR on; clients derive the gRPC port from it. */
    int httpPort();

    /** The server's JVM and every process it started. */
    Set<Long> pids();

    /** The JVM that runs the applications. */
    long serverPid();

    /**
     * Defines the PostgreSQL datasource of docs/operations.md for the naming store on the running server, from its
     * {@code server-config} snippet (driver, non-JTA datasource, {@code jacos.db.jndi-name}) with the example
     * port and driver path replaced; answers the JNDI name it set. The next deployment of the WAR uses it.
     */
    String addPostgresDatasource(Path driverJar, int postgresPort);

    /**
     * After {@link #close}: takes back what {@link #addPostgresDatasource} (or part of it) left in the server's
     * saved configuration, so the next run starts on the embedded H2 again.
     */
    void removePostgresDatasource();

    /** Stops the server with its own tool, and kills what is left of it by PID. */
    @Override
    void close();
}
