package io.jacos.transport.grpc;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Stops the gRPC server when the web module stops, before the container closes the application's class
 * loader. Payara Server closes it before it destroys the singletons, and a stop that then needs a class not
 * loaded yet failed half-way and left the port bound.
 */
@WebListener
public class GrpcShutdownListener implements ServletContextListener {

    @Inject
    GrpcServerLifecycle lifecycle;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        lifecycle.shutDown();
    }
}
