package io.jacos.transport.udp;

import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Closes the UDP push socket when the web module stops, before the container closes the class loader. */
@WebListener
public class UdpShutdownListener implements ServletContextListener {

    @Inject
    UdpPushChannel channel;

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        channel.shutDown();
    }
}
