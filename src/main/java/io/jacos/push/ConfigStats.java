package io.jacos.push;

import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.atomic.LongAdder;

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

    void notified(boolean acked) {
        (acked ? notificationsAcked : notificationsFailed).increment();
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
