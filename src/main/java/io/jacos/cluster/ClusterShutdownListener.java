package io.jacos.cluster;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Leaves the cluster when the web module stops, before the container closes the application's class loader
 * (Payara Server closes it before it destroys the singletons, and a close that then needs an unloaded JGroups
 * class would fail half-way and keep the port).
 */
@WebListener
public class ClusterShutdownListener implements ServletContextListener {

    @Inject
    ClusterChannel channel;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        channel.shutDown();
    }
}
