package io.jacos.health;

import io.jacos.model.HealthCheck;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of the server's own checks by kind and outcome, for the metrics. Both dimensions are fixed enums, so
 * the counters are made once and never grow.
 */
@ApplicationScoped
public class HealthStats {

    /** What was checked: a persistent instance by TCP or HTTP, or an idle long connection. */
    public enum Check { TCP, HTTP, CONNECTION }

    /** UP: the target answered; DOWN: it did not (or too late); ERROR: this side could not probe at all. */
    public enum Outcome { UP, DOWN, ERROR }

    private final Map<Check, Map<Outcome, LongAdder>> counts = new EnumMap<>(Check.class);

    public HealthStats() {
        for (Check check : Check.values()) {
            Map<Outcome, LongAdder> byOutcome = new EnumMap<>(Outcome.class);
            for (Outcome outcome : Outcome.values()) {
                byOutcome.put(outcome, new LongAdder());
            }
            counts.put(check, byOutcome);
        }
    }

    void probed(Check check, Outcome outcome) {
        counts.get(check).get(outcome).increment();
    }

    /** A persistent instance's probe answered {@code healthy}: true, false, or null when it could not run. */
    void probed(HealthCheck.Type type, Boolean healthy) {
        Check check = type == HealthCheck.Type.HTTP ? Check.HTTP : Check.TCP;
        probed(check, healthy == null ? Outcome.ERROR : healthy ? Outcome.UP : Outcome.DOWN);
    }

    public long count(Check check, Outcome outcome) {
        return counts.get(check).get(outcome).sum();
    }
}
