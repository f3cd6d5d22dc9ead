package io.jacos.health;

import io.jacos.settings.HealthCheckSettings;
import io.jacos.application.PersistentInstanceService;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;

/**
 * Checks persistent instances from the server side (TCP connect, HTTP status, or not at all, per cluster) and
 * stores the verdicts, which are pushed like any change. Runs from deployment to undeploy on the container's
 * scheduled executor; the sockets' threads come from the container's thread factory.
 */
@Singleton
public class PersistentHealthCheck {

    @Resource
    ManagedScheduledExecutorService scheduler;
    @Resource
    ManagedThreadFactory threadFactory;
    private final HealthCheckSettings settings;
    private final Clock clock;
    private final PersistentInstanceService registry;
    private final HealthStats stats;

    private SocketProber prober;
    private HealthCheckLoop loop;

    /** For the EJB container. */
    public PersistentHealthCheck() {
        this(null, null, null, null);
    }

    @Inject
    public PersistentHealthCheck(HealthCheckSettings settings, Clock clock, PersistentInstanceService registry,
                                 HealthStats stats) {
        this.settings = settings;
        this.clock = clock;
        this.registry = registry;
        this.stats = stats;
    }

    public void start() {
        HealthLimits limits = HealthLimits.of(settings);
        try {
            prober = SocketProber.open(limits.ioThreads(), threadFactory, scheduler);
        } catch (IOException e) {
            throw new IllegalStateException("Health check sockets could not be opened", e);
        }
        loop = new HealthCheckLoop(scheduler, prober, registry, limits, clock, stats);
    }

    public void stop() {
        if (loop != null) {
            loop.stop();
        }
        if (prober != null) {
            prober.close();
        }
    }
}
