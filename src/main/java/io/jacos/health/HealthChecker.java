package io.jacos.health;

import io.jacos.application.PersistentInstanceService;

import java.time.Clock;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.random.RandomGenerator;

/**
 * The checking itself, one {@link #tick()} at a time, always on one thread at a time (the scheduled executor
 * never overlaps a fixed-delay task): read the targets now and then, end overdue probes, count the answers,
 * start the probes that are due. Probes run concurrently on the prober's non-blocking sockets, at most
 * {@code maxInFlight} at once, so slow or dead targets never hold up the checks of the others; targets due
 * beyond that bound simply stay due until a later tick, nothing queues up. Answers come back through a queue:
 * the I/O threads only enqueue, and verdicts go to the {@link VerdictWorker}.
 */
final class HealthChecker {

    private static final Logger LOG = Logger.getLogger(HealthChecker.class.getName());

    /** A probe's answer, or null when this side could not probe (no verdict). */
    private record Answer(TargetState target, ProbeResult result) {
    }

    private record Running(long deadlineMillis, CompletableFuture<ProbeResult> probe) {
    }

    private final PersistentInstanceService registry;
    private final Prober prober;
    private final HealthLimits limits;
    private final Clock clock;
    private final TargetTable table;
    private final VerdictWorker verdicts;
    private final HealthStats stats;
    private final Queue<Answer> answers = new ConcurrentLinkedQueue<>();
    private final Queue<TargetState> settled = new ConcurrentLinkedQueue<>();
    private final PriorityQueue<Running> running =
            new PriorityQueue<>(Comparator.comparingLong(Running::deadlineMillis));
    private int inFlight;
    private long nextRefreshMillis = Long.MIN_VALUE;
    private boolean localFailureLogged;

    HealthChecker(PersistentInstanceService registry, Prober prober, Executor verdictExecutor, HealthLimits limits,
                  Clock clock, RandomGenerator random) {
        this(registry, prober, verdictExecutor, limits, clock, random, new HealthStats());
    }

    HealthChecker(PersistentInstanceService registry, Prober prober, Executor verdictExecutor, HealthLimits limits,
                  Clock clock, RandomGenerator random, HealthStats stats) {
        this.stats = stats;
        this.registry = registry;
        this.prober = prober;
        this.limits = limits;
        this.clock = clock;
        this.table = new TargetTable(limits, random);
        this.verdicts = new VerdictWorker(registry, verdictExecutor, settled::add);
    }

    void tick() {
        long now = clock.millis();
        // Verdicts settled before the refresh below are in the registry's answer to it.
        for (TargetState target; (target = settled.poll()) != null; ) {
            target.verdictsPending--;
        }
        if (now >= nextRefreshMillis) {
            nextRefreshMillis = now + limits.refreshMillis();
            refresh(now);
        }
        endOverdue(now);
        countAnswers();
        startDue(now);
    }

    private void refresh(long now) {
        try {
            table.refresh(registry.checkTargets(), now);
        } catch (RuntimeException e) {
            // The known targets go on being checked; the next refresh tries again.
            LOG.log(Level.WARNING, "Persistent instances to check could not be read", e);
        }
    }

    /** A probe past its timeout fails; completing it makes the prober close its socket. */
    private void endOverdue(long now) {
        Running head;
        while ((head = running.peek()) != null && head.deadlineMillis() <= now) {
            running.poll().probe().complete(ProbeResult.FAILED);
        }
    }

    private void countAnswers() {
        for (Answer answer; (answer = answers.poll()) != null; ) {
            inFlight--;
            TargetState target = answer.target();
            stats.probed(target.check.type(), answer.result() == null ? null : answer.result().alive());
            if (!table.isCurrent(target)) {
                continue;
            }
            if (answer.result() == null) {
                logLocalFailure(target);
            } else if (target.record(answer.result())) {
                target.verdictsPending++;
                verdicts.submit(target, target.healthy());
            }
            table.requeue(target);
        }
    }

    private void startDue(long now) {
        TargetState target;
        while (inFlight < limits.maxInFlight() && (target = table.takeDue(now)) != null) {
            start(target, now);
        }
    }

    private void start(TargetState target, long now) {
        inFlight++;
        // The interval runs from start to start, so a slow answer does not stretch it.
        target.nextDueMillis = now + target.timing.intervalMillis();
        CompletableFuture<ProbeResult> probe;
        try {
            probe = prober.probe(target.key.ip(), target.probePort, target.check);
        } catch (RuntimeException e) {
            probe = CompletableFuture.failedFuture(e);
        }
        running.add(new Running(now + target.timing.timeoutMillis(), probe));
        probe.whenComplete((result, failure) -> answers.add(new Answer(target, failure == null ? result : null)));
    }

    private void logLocalFailure(TargetState target) {
        Level level = localFailureLogged ? Level.FINE : Level.WARNING;
        localFailureLogged = true;
        LOG.log(level, "Could not probe {0} (no verdict; tried again next interval)", target.key);
    }

    /** Targets known from the last refresh. */
    int targets() {
        return table.size();
    }

    /** Probes started and not yet counted. */
    int inFlight() {
        return inFlight;
    }
}
