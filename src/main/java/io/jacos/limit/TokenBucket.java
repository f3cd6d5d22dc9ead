package io.jacos.limit;

/**
 * One key's bucket: holds at most one second's worth of requests and refills at the rate, so a client may send
 * {@code rate} requests at once and then {@code rate} per second. Counted in thousandths of a request so that
 * refill over whole milliseconds is exact integer arithmetic (no rounding drift at the boundary).
 */
final class TokenBucket {

    static final long COST = 1000;

    private final long capacity;
    private final long refillPerMilli;
    private long level;
    private long lastMillis;
    private long second;
    private long countThisSecond;

    TokenBucket(int ratePerSecond, long nowMillis) {
        this.capacity = ratePerSecond * COST;
        this.refillPerMilli = ratePerSecond;
        this.level = capacity;
        this.lastMillis = nowMillis;
    }

    /**
     * Takes one request's token if there is one; returns how many requests this key has made so far in the
     * current clock second (for the peak-rate log), or -1 if refused.
     */
    synchronized long take(long nowMillis) {
        refill(nowMillis);
        if (level < COST) {
            return -1;
        }
        level -= COST;
        long thisSecond = Math.floorDiv(nowMillis, 1000);
        if (thisSecond != second) {
            second = thisSecond;
            countThisSecond = 0;
        }
        return ++countThisSecond;
    }

    /** Full again: after a second untouched a bucket is the same as a new one, so it may be forgotten. */
    synchronized boolean idle(long nowMillis) {
        return nowMillis - lastMillis >= 1000;
    }

    private void refill(long nowMillis) {
        long elapsed = nowMillis - lastMillis;
        if (elapsed <= 0) {
            return; // a clock step backwards refills nothing rather than draining
        }
        lastMillis = nowMillis;
        level = elapsed >= 1000 ? capacity : Math.min(capacity, level + elapsed * refillPerMilli);
    }
}
