package io.jacos.health;

import io.jacos.settings.ConnectionSettings;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;

/**
 * Finds long connections whose client went quiet without closing its TCP connection (a frozen or
 * partitioned client). A connection idle for the keep-alive time is probed; no answer within the probe
 * timeout evicts it, which removes its instances and tells their subscribers. A closed transport needs no
 * check: the transport drops it at once.
 */
@Singleton
public class ConnectionHealthCheck {

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final ConnectionSettings connectionSettings;
    private final Clock clock;
    private final HealthStats stats;
    private final Instance<LiveConnections> transports;

    private final Set<String> probing = ConcurrentHashMap.newKeySet();
    private ScheduledFuture<?> schedule;

    /** For the EJB container. */
    public ConnectionHealthCheck() {
        this(null, null, null, null);
    }

    @Inject
    public ConnectionHealthCheck(ConnectionSettings connectionSettings, Clock clock, HealthStats stats,
                                 @Any Instance<LiveConnections> transports) {
        this.connectionSettings = connectionSettings;
        this.clock = clock;
        this.stats = stats;
        this.transports = transports;
    }

    public void start() {
        schedule = Periodic.every(scheduler, connectionSettings.connectionCheckMillis(), "Connection check", this::check);
    }

    public void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }

    void check() {
        long idleSince = clock.millis() - connectionSettings.keepAliveMillis();
        for (LiveConnections transport : transports) {
            for (String id : transport.idleSince(idleSince)) {
                if (probing.add(id)) {
                    transport.probe(id, connectionSettings.probeTimeoutMillis()).whenComplete((alive, failure) -> {
                        probing.remove(id);
                        stats.probed(HealthStats.Check.CONNECTION, Boolean.TRUE.equals(alive)
                                ? HealthStats.Outcome.UP : HealthStats.Outcome.DOWN);
                        if (!Boolean.TRUE.equals(alive)) {
                            transport.evict(id, "no answer to a client detection probe");
                        }
                    });
                }
            }
        }
    }
}
