package io.jacos.transport.http.admin;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;

/** When the application started, for the server page's {@code startedAt} and uptime. */
@ApplicationScoped
public class StartTime {

    private Clock clock;

    /** For the container's proxy. */
    protected StartTime() {
    }

    @Inject
    public StartTime(Clock clock) {
        this.clock = clock;
    }

    private volatile long startedAtMillis = -1;

    /** Called while the application deploys, not at the first server-page call. */
    public void record() {
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
