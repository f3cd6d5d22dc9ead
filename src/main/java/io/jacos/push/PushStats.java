package io.jacos.push;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.atomic.LongAdder;

/** Counters of push outcomes, for the operator endpoints. */
@ApplicationScoped
public class PushStats {

    private final LongAdder succeeded = new LongAdder();
    private final LongAdder failed = new LongAdder();

    void succeeded() {
        succeeded.increment();
    }

    void failed() {
        failed.increment();
    }

    public long succeededCount() {
        return succeeded.sum();
    }

    public long failedCount() {
        return failed.sum();
    }
}
