package io.jacos.replication;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;

/**
 * This node's epoch: the time it started, new at each start. Peers keep only the newest epoch they have seen
 * of a node, so a restarted node's previous life can never overwrite its present one.
 */
@ApplicationScoped
public class LocalEpoch {

    private final Clock clock;

    private long value;

    /** For the container's proxy. */
    protected LocalEpoch() {
        this(null);
    }

    @Inject
    public LocalEpoch(Clock clock) {
        this.clock = clock;
    }

    @PostConstruct
    void start() {
        value = clock.millis();
    }

    public long value() {
        return value;
    }
}
