package io.jacos.limit;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;

/**
 * One limit (say, gRPC requests per second per client IP) over many keys. The map is bounded: when it is full,
 * buckets untouched for a second (full again, so the same as new ones) are dropped, at most once a second so
 * that a flood of new keys cannot make every request sweep; a key that still finds no room shares one overflow
 * bucket with every other such key, so the limit still holds for them together rather than not at all.
 */
public final class KeyedLimit {

    private static final Logger LOG = Logger.getLogger(KeyedLimit.class.getName());

    private final String name;
    private final int ratePerSecond;
    private final int maxKeys;
    private final Clock clock;
    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private final ReentrantLock sweeping = new ReentrantLock();
    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private volatile long lastSweepMillis = Long.MIN_VALUE / 2;
    private final TokenBucket overflow;

    /** {@code ratePerSecond} 0 disables the limit. */
    public KeyedLimit(String name, int ratePerSecond, int maxKeys, Clock clock) {
        this.name = name;
        this.ratePerSecond = Math.max(0, ratePerSecond);
        this.maxKeys = Math.max(1, maxKeys);
        this.clock = clock;
        this.overflow = new TokenBucket(Math.max(1, this.ratePerSecond), clock.millis());
    }

    /** True if the key may make one more request now (and counts it). */
    public boolean allow(String key) {
        if (ratePerSecond == 0) {
            return true;
        }
        long now = clock.millis();
        long count = bucket(key, now).take(now);
        if (count < 0) {
            refused.incrementAndGet();
            return false;
        }
        notePeak(count);
        return true;
    }

    public String name() {
        return name;
    }

    public int ratePerSecond() {
        return ratePerSecond;
    }

    int trackedKeys() {
        return buckets.size();
    }

    private TokenBucket bucket(String key, long now) {
        TokenBucket known = buckets.get(key);
        if (known != null) {
            return known;
        }
        if (buckets.size() >= maxKeys && !sweep(now)) {
            return overflow;
        }
        return buckets.computeIfAbsent(key, k -> new TokenBucket(ratePerSecond, now));
    }

    /** Drops idle buckets; false when there was no sweep or it freed no room. */
    private boolean sweep(long now) {
        if (now - lastSweepMillis < 1000 || !sweeping.tryLock()) {
            return false;
        }
        try {
            lastSweepMillis = now;
            buckets.values().removeIf(bucket -> bucket.idle(now));
            return buckets.size() < maxKeys;
        } finally {
            sweeping.unlock();
        }
    }

    /** Requests refused by this limit since the start. */
    public long refusedCount() {
        return refused.get();
    }

    /** The most requests one key made within one clock second, since the start. */
    public long peakPerSecond() {
        return peak.get();
    }

    /**
     * Logs the busiest key's requests per second each time it doubles (from 64/s), so an operator (and the
     * benchmark's author) can see how close real traffic comes to a limit before it ever refuses anything. The
     * common case costs one volatile read.
     */
    private void notePeak(long count) {
        long seen = peak.get();
        if (count <= seen || !peak.compareAndSet(seen, count)) {
            return;
        }
        if (count >= 64 && Long.bitCount(count) == 1) {
            LOG.info(() -> "Rate limit " + name + " (" + ratePerSecond + "/s): one key reached " + count
                    + " requests within a second");
        }
    }
}
