package io.jacos.testing;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when the test says so. */
public final class SteppedClock extends Clock {

    private final AtomicLong millis;

    public SteppedClock(long startMillis) {
        this.millis = new AtomicLong(startMillis);
    }

    public void advance(long byMillis) {
        millis.addAndGet(byMillis);
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("not needed by the tests");
    }
}
