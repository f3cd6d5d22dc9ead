package io.jacos.transport.http.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Clock;

/** When the application started, for the server page's {@code startedAt} and uptime. */
@ApplicationScoped
public class StartTime {

    @Inject
    Clock clock;

    private volatile long startedAtMillis = -1;

    /** Created with the application, not at the first server-page call. */
    void started(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        millis();
    }

    public long millis() {
        if (startedAtMillis < 0) {
            synchronized (this) {
                if (startedAtMillis < 0) {
                    startedAtMillis = clock.millis();
                }
            }
        }
        return startedAtMillis;
    }
}
