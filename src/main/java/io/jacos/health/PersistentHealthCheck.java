package io.jacos.health;

import io.jacos.application.PersistentInstanceService;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.util.logging.Logger;

/**
 * Checks persistent instances from the server side (TCP connect, HTTP status, or not at all, per cluster) and
 * stores the verdicts, which are pushed like any change. Runs from deployment to undeploy on the container's
 * scheduled executor; the sockets' threads come from the container's thread factory.
 */
@Singleton
@Startup
public class PersistentHealthCheck {

    private static final Logger LOG = Logger.getLogger(PersistentHealthCheck.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;
    @Resource
    ManagedThreadFactory threadFactory;
    @Inject
    HealthCheckSettings settings;
    @Inject
    Clock clock;
    // Looked up rather than injected: a build without persistent instances still deploys, with nothing to check.
    @Inject
    Instance<PersistentInstanceService> registry;

    private SocketProber prober;
    private HealthCheckLoop loop;

    @PostConstruct
    void start() {
        if (!registry.isResolvable()) {
            LOG.info("No persistent-instance service deployed: persistent instances are not health-checked");
            return;
        }
        HealthLimits limits = settings.limits();
        try {
            prober = SocketProber.open(limits.ioThreads(), threadFactory, scheduler);
        } catch (IOException e) {
            throw new IllegalStateException("Health check sockets could not be opened", e);
        }
        loop = new HealthCheckLoop(scheduler, prober, registry.get(), limits, clock);
    }

    @PreDestroy
    void stop() {
        if (loop != null) {
            loop.stop();
        }
        if (prober != null) {
            prober.close();
        }
    }
}
