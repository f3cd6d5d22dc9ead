package io.jacos.application;

import io.jacos.model.RegistryException;
import io.jacos.settings.ConfigSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The bytes of large configuration writes the node holds at once ({@link ConfigSettings#largeWriteBytes}), over
 * every client and transport: a publish body or content over {@link #SMALL_BYTES}, an import. A write takes its
 * share before it is read into memory or stored, waits up to {@link #WAIT_MILLIS} for it, and is refused with 503
 * when it cannot have it, nothing read or changed. Many concurrent publishes of a few megabytes would otherwise
 * fill the heap, and the embedded database closes itself for good when a commit runs out of memory. Smaller writes
 * take nothing, so everyday publishes never wait here.
 */
@ApplicationScoped
public class LargeWrites {

    public static final long SMALL_BYTES = 1 << 20;
    static final long WAIT_MILLIS = 10_000;
    private static final int KIB = 1024;

    private Semaphore kibibytes;
    private int total;
    private long waitMillis;

    /** For the container's proxy. */
    protected LargeWrites() {
    }

    @Inject
    public LargeWrites(ConfigSettings settings) {
        this(settings.largeWriteBytes(), WAIT_MILLIS);
    }

    LargeWrites(long budgetBytes, long waitMillis) {
        this.total = (int) Math.min(Integer.MAX_VALUE, budgetBytes / KIB);
        this.kibibytes = new Semaphore(total, true);
        this.waitMillis = waitMillis;
    }

    /** A share of the budget, given back when closed; closing it twice gives back once. */
    public interface Share extends AutoCloseable {
        @Override
        void close();
    }

    private static final Share NONE = () -> { };

    /**
     * The share for a write of {@code bytes} (a whole budget at most, so the largest write allowed still goes in
     * alone); nothing to take for a small write.
     *
     * @throws RegistryException 503 when the node holds as much as it may for {@link #WAIT_MILLIS}
     */
    public Share take(long bytes) {
        if (bytes <= SMALL_BYTES) {
            return NONE;
        }
        int wanted = (int) Math.min(total, (bytes + KIB - 1) / KIB);
        boolean taken;
        try {
            taken = kibibytes.tryAcquire(wanted, waitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            taken = false;
        }
        if (!taken) {
            throw new RegistryException(RegistryException.OVER_THRESHOLD, "Too many large configuration writes"
                    + " at once on this node (" + ConfigSettings.LARGE_WRITE_BYTES.name() + "); try again shortly.");
        }
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.compareAndSet(true, false)) {
                kibibytes.release(wanted);
            }
        };
    }

    /** Bytes of the budget free now. */
    public long freeBytes() {
        return (long) kibibytes.availablePermits() * KIB;
    }
}
