package io.jacos.application.internal;

import io.jacos.event.StoredServiceChanged;
import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs every write of a service's stored naming data (its settings, cluster settings, persistent instances) in one
 * order: under the service's lock, checks, the store, then the indexes; when the indexes refuse what was stored,
 * the store is put back; once the lock is released, {@link StoredServiceChanged} tells peers sharing the store.
 * A refused check or store write leaves everything as it was and tells nobody.
 */
@ApplicationScoped
public class StoredWrites {

    private static final Logger LOG = Logger.getLogger(StoredWrites.class.getName());

    /**
     * One write, planned under the lock after its checks.
     *
     * @param store writes the store; false when that changed nothing (nothing to undo, peers not told)
     * @param show  shows the change in the indexes; runs after every store write, even one that changed nothing
     * @param undo  puts the store back as it was before {@code store}, when {@code show} failed
     */
    public record Write(BooleanSupplier store, Runnable show, Runnable undo) {

        private static final Runnable NOTHING = () -> {
        };

        /** A write whose show can't fail, or whose failure leaves the store as it should be. */
        public static Write of(Runnable store, Runnable show) {
            return of(store, show, NOTHING);
        }

        public static Write of(Runnable store, Runnable show, Runnable undo) {
            return new Write(() -> {
                store.run();
                return true;
            }, show, undo);
        }
    }

    private final ServiceLocks locks;
    private final Event<Object> events;

    /** For the container's proxy. */
    protected StoredWrites() {
        this(null, null);
    }

    @Inject
    public StoredWrites(ServiceLocks locks, Event<Object> events) {
        this.locks = locks;
        this.events = events;
    }

    /**
     * Runs the write {@code plan} returns. The plan runs under the service's lock: it reads what the write needs,
     * throws to refuse it, or returns null when there is nothing to write. Returns whether the store changed.
     */
    public boolean run(ServiceKey service, Supplier<Write> plan) {
        boolean stored;
        synchronized (locks.of(service)) {
            Write write = plan.get();
            if (write == null) {
                return false;
            }
            stored = write.store().getAsBoolean();
            try {
                write.show().run();
            } catch (RuntimeException e) {
                if (stored) {
                    undo(service, write, e);
                }
                throw e;
            }
        }
        if (stored) {
            events.fire(new StoredServiceChanged(service));
        }
        return stored;
    }

    private static void undo(ServiceKey service, Write write, RuntimeException refusal) {
        try {
            write.undo().run();
        } catch (RuntimeException e) {
            refusal.addSuppressed(e);
            LOG.log(Level.SEVERE, "Could not undo a stored write in " + service.groupedName() + " that the indexes"
                    + " refused (" + refusal.getMessage() + "); the store keeps it, so it shows after a restart", e);
        }
    }
}
