package io.jacos.boot;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Stops the boot sequence when the web module stops, before the container closes the application's class
 * loader: Payara Server closes it before it destroys the singletons, and a stop that then needs a class not
 * loaded yet fails half-way and leaves a port bound.
 */
@WebListener
public class BootShutdownListener implements ServletContextListener {

    @Inject
    Boot boot;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        boot.stop();
    }
}
