package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** Push to subscribers: the merge delay, timeouts and retries, the writer threads, and the delay-task tick. */
@ApplicationScoped
public class PushSettings {

    public static final Setting DELAY = new Setting("nacos.naming.push.pushTaskDelay", "20");
    public static final Setting TASK_TICK = new Setting("jacos.task.tick-millis", "10");
    public static final Setting TIMEOUT = new Setting("nacos.naming.push.pushTaskTimeout", "5000");
    public static final Setting RETRY_DELAY = new Setting("nacos.naming.push.pushTaskRetryDelay", "1000");
    public static final Setting RETRY_MAX_DELAY = new Setting("jacos.push.retry-max-delay", "30000");
    public static final Setting WORKERS = new Setting("jacos.push.workers", "0");
    public static final Setting SUBSCRIBE_SETTLE = new Setting("jacos.push.subscribe-settle", "500");
    public static final Setting BLOCKED_TIMEOUT = new Setting("jacos.push.blocked-timeout", "300000");

    static final List<Setting> SETTINGS = List.of(DELAY, TASK_TICK, TIMEOUT, RETRY_DELAY, RETRY_MAX_DELAY, WORKERS,
            BLOCKED_TIMEOUT, SUBSCRIBE_SETTLE);

    private long pushDelayMillis;
    private long taskTickMillis;
    private long pushTimeoutMillis;
    private long pushRetryDelayMillis;
    private long pushRetryMaxDelayMillis;
    private int pushWorkers;
    private long pushBlockedTimeoutMillis;
    private long subscribeSettleMillis;

    /** Nothing read, every value zero: for the container's proxy, and tests that override what they use. */
    public PushSettings() {
    }

    @Inject
    public PushSettings(Config config) {
        pushDelayMillis = DELAY.longValue(config);
        taskTickMillis = TASK_TICK.longValue(config);
        pushTimeoutMillis = TIMEOUT.longValue(config);
        pushRetryDelayMillis = RETRY_DELAY.longValue(config);
        pushRetryMaxDelayMillis = RETRY_MAX_DELAY.longValue(config);
        pushWorkers = WORKERS.intValue(config);
        pushBlockedTimeoutMillis = BLOCKED_TIMEOUT.longValue(config);
        subscribeSettleMillis = SUBSCRIBE_SETTLE.longValue(config);
    }

    public long pushDelayMillis() {
        return pushDelayMillis;
    }

    /** Granularity of delayed work (push tasks, request timeouts): how often due work is looked for. */
    public long taskTickMillis() {
        return taskTickMillis;
    }

    public long pushTimeoutMillis() {
        return pushTimeoutMillis;
    }

    public long pushRetryDelayMillis() {
        return pushRetryDelayMillis;
    }

    /** Failed pushes are retried after {@link #pushRetryDelayMillis}, doubling up to this. */
    public long pushRetryMaxDelayMillis() {
        return pushRetryMaxDelayMillis;
    }

    /** Threads that serialize and write pushes; 0 = one per core, at least 2. */
    public int pushWorkers() {
        return pushWorkers > 0 ? pushWorkers : Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    /** A connection whose pushes could not be written for this long is dropped (its client is not reading). */
    public long pushBlockedTimeoutMillis() {
        return pushBlockedTimeoutMillis;
    }

    /** How long after a subscription its first push waits, so the client applied its subscribe answer first. */
    public long subscribeSettleMillis() {
        return subscribeSettleMillis;
    }
}
