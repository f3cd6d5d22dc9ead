package io.jacos.transport.grpc;

import io.jacos.application.GracefulLeave;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stops the gRPC server when the web module stops, before the container closes the application's class
 * loader. Payara Server closes it before it destroys the singletons, and a stop that then needs a class not
 * loaded yet failed half-way and left the port bound. In cluster mode the connections are first drained to the
 * peers ({@link GracefulLeave}), which needs the server still running: the clients answer on it.
 */
@WebListener
public class GrpcShutdownListener implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(GrpcShutdownListener.class.getName());

    @Inject
    GracefulLeave leave;
    @Inject
    GrpcServerLifecycle lifecycle;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        try {
            leave.leave();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "Draining the connections at stop failed; the server stops anyway", e);
        }
        lifecycle.shutDown();
    }
}
