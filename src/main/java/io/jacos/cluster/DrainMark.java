package io.jacos.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether an operator drained this node: while drained it refuses new gRPC connections and its peers send it
 * none (it says so in its digests), until it is undrained. A stop's own drain does not set it (the node leaves
 * anyway). Each change fires {@link Changed}, so replication tells the peers at once rather than at the next
 * digest. Peers are sent no connections either while this node does not serve gRPC yet (it joins the cluster and
 * syncs before its gRPC server starts, and a client asked to move to a closed port only churns), or any more.
 */
@ApplicationScoped
public class DrainMark {

    /** The mark changed to {@code drained}. */
    public record Changed(boolean drained) {
    }

    private Event<Changed> changed;

    /** For the container's proxy. */
    protected DrainMark() {
    }

    @Inject
    public DrainMark(Event<Changed> changed) {
        this.changed = changed;
    }

    private final AtomicBoolean drained = new AtomicBoolean();
    private final AtomicBoolean serving = new AtomicBoolean();

    public boolean drained() {
        return drained.get();
    }

    /** Whether peers may move connections here, as this node's digests say: it serves gRPC and is not drained. */
    public boolean takesConnections() {
        return serving.get() && !drained.get();
    }

    /** The gRPC server started ({@code true}) or stopped; the peers hear it at once, as they hear a drain. */
    public void serving(boolean value) {
        if (serving.compareAndSet(!value, value)) {
            changed.fire(new Changed(drained.get()));
        }
    }

    /** Sets the mark; returns whether it changed. */
    public boolean set(boolean value) {
        boolean flipped = drained.compareAndSet(!value, value);
        if (flipped) {
            changed.fire(new Changed(value));
        }
        return flipped;
    }
}
