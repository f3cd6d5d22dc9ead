package io.jacos.push;

import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * What the configuration service's delivery did, for metrics: notifications acknowledged and failed (gRPC), long
 * polls answered with a change or with nothing; and how much there is: configurations, listeners, held polls.
 * Counters only grow; the counts are read when asked.
 */
@ApplicationScoped
public class ConfigStats {

    private final LongAdder notificationsAcked = new LongAdder();
    private final LongAdder notificationsFailed = new LongAdder();
    private final LongAdder pollsChanged = new LongAdder();
    private final LongAdder pollsUnchanged = new LongAdder();
    private volatile LongConsumer latency = millis -> { };
    private ConfigIndex index;
    private ConfigListeners listeners;
    private ConfigLongPollService polls;

    /** Counting only, with nothing to count (tests of the notifier). */
    public ConfigStats() {
    }

    @Inject
    public ConfigStats(ConfigIndex index, ConfigListeners listeners, ConfigLongPollService polls) {
        this.index = index;
        this.listeners = listeners;
        this.polls = polls;
    }

    /** Where acknowledged notifications' latencies go (the metrics' timer); nowhere until one is given. */
    public void recordLatencyWith(LongConsumer sink) {
        latency = sink;
    }

    /** A notification was acknowledged or failed; {@code latencyMillis} from the change to the ack, -1 if not timed. */
    void notified(boolean acked, long latencyMillis) {
        (acked ? notificationsAcked : notificationsFailed).increment();
        if (acked && latencyMillis >= 0) {
            latency.accept(latencyMillis);
        }
    }

    /** A long poll was answered: with the changed configurations, or with none when its time was up. */
    public void pollAnswered(boolean changed) {
        (changed ? pollsChanged : pollsUnchanged).increment();
    }

    public long notificationsAcked() {
        return notificationsAcked.sum();
    }

    public long notificationsFailed() {
        return notificationsFailed.sum();
    }

    public long pollsChanged() {
        return pollsChanged.sum();
    }

    public long pollsUnchanged() {
        return pollsUnchanged.sum();
    }

    public int configs() {
        return index == null ? 0 : index.live();
    }

    public int listeners() {
        return listeners == null ? 0 : listeners.pairs();
    }

    public int longPolls() {
        return polls == null ? 0 : polls.held();
    }
}
