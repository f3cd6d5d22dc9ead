package io.jacos.health;

import io.jacos.model.HealthCheck;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.random.RandomGenerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checker's rules, driven tick by tick with a stepped clock and probes the test answers. */
class HealthCheckerTest {

    private static final long INTERVAL = 1000;
    private static final long TIMEOUT = 500;
    private static final long TICK = 100;
    private static final int PORT = 8080;
    /** First probes at once, so each test knows when its target is due. */
    private static final RandomGenerator NO_JITTER = () -> 0L;

    private final SteppedClock clock = new SteppedClock(1_000_000);
    private final FakeRegistry registry = new FakeRegistry();
    private final ScriptedProber prober = new ScriptedProber();
    private final List<Runnable> heldVerdicts = new ArrayList<>();

    private HealthChecker checker(int maxInFlight, Executor verdictExecutor, RandomGenerator random) {
        HealthLimits limits = new HealthLimits(INTERVAL, TIMEOUT, 3, 1, maxInFlight, TICK, INTERVAL, 1);
        return new HealthChecker(registry, prober, verdictExecutor, limits, clock, random);
    }

    private HealthChecker checker() {
        return checker(100, Runnable::run, NO_JITTER);
    }

    /** One probe of the target: started by a tick, answered, counted by the next tick; then its interval passes. */
    private void probe(HealthChecker checker, int port, boolean healthy) {
        probe(checker, port, healthy ? ProbeResult.ALIVE : ProbeResult.FAILED);
    }

    private void probe(HealthChecker checker, int port, ProbeResult result) {
        checker.tick();
        prober.openProbeOf(port).answer().complete(result);
        checker.tick();
        clock.advance(INTERVAL);
    }

    private static HealthCheck tcp(int unhealthyThreshold, int healthyThreshold) {
        return new HealthCheck(HealthCheck.Type.TCP, "", "", 200, 0, 0, unhealthyThreshold, healthyThreshold);
    }

    @Test
    void healthyTargetTurnsUnhealthyOnlyAtTheThresholdOfConsecutiveFailures() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker();

        probe(checker, PORT, false);
        probe(checker, PORT, false);
        assertEquals(List.of(), registry.verdicts());
        probe(checker, PORT, false);

        assertEquals(1, registry.verdicts().size());
        assertFalse(registry.verdicts().get(0).healthy());
        probe(checker, PORT, false);
        assertEquals(1, registry.verdicts().size(), "a failure that agrees with the mark is no news");
    }

    @Test
    void aSuccessEndsTheRunOfFailures() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker();

        for (boolean answer : new boolean[] {false, false, true, false, false, true}) {
            probe(checker, PORT, answer);
        }

        assertEquals(List.of(), registry.verdicts());
    }

    @Test
    void aRefusedConnectionMarksAHealthyTargetUnhealthyAtOnce() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker();

        probe(checker, PORT, ProbeResult.REFUSED);

        assertEquals(List.of(false), registry.verdicts().stream().map(FakeRegistry.Verdict::healthy).toList());
        probe(checker, PORT, ProbeResult.REFUSED);
        assertEquals(1, registry.verdicts().size(), "a refusal that agrees with the mark is no news");
        probe(checker, PORT, true);
        assertEquals(List.of(false, true), registry.verdicts().stream().map(FakeRegistry.Verdict::healthy).toList(),
                "back at the healthy threshold (1) once it answers");
    }

    @Test
    void failuresBeforeARefusalDoNotCarryOverOnceTheTargetAnswersAgain() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker();

        probe(checker, PORT, false);
        probe(checker, PORT, false);
        probe(checker, PORT, ProbeResult.REFUSED);
        probe(checker, PORT, true);
        probe(checker, PORT, false);
        probe(checker, PORT, false);

        assertEquals(List.of(false, true), registry.verdicts().stream().map(FakeRegistry.Verdict::healthy).toList(),
                "two timeouts after recovering stay below the unhealthy threshold (3)");
    }

    @Test
    void unhealthyTargetTurnsHealthyAtTheClustersHealthyThreshold() {
        registry.add(PORT, tcp(0, 2));
        registry.mark(PORT, false);
        HealthChecker checker = checker();

        probe(checker, PORT, true);
        assertEquals(List.of(), registry.verdicts());
        probe(checker, PORT, true);

        assertEquals(List.of(true), registry.verdicts().stream().map(FakeRegistry.Verdict::healthy).toList());
        assertTrue(registry.healthy(PORT));
    }

    @Test
    void everyAnsweredProbeIsCountedByCheckAndOutcome() {
        HealthStats stats = new HealthStats();
        HealthLimits limits = new HealthLimits(INTERVAL, TIMEOUT, 3, 1, 100, TICK, INTERVAL, 1);
        HealthChecker checker = new HealthChecker(registry, prober, Runnable::run, limits, clock, NO_JITTER, stats);
        registry.add(PORT, HealthCheck.TCP);

        probe(checker, PORT, true);
        probe(checker, PORT, false);
        probe(checker, PORT, false);
        checker.tick();
        prober.openProbeOf(PORT).answer().completeExceptionally(new java.io.IOException("no socket here"));
        checker.tick();

        assertEquals(1, stats.count(HealthStats.Check.TCP, HealthStats.Outcome.UP));
        assertEquals(2, stats.count(HealthStats.Check.TCP, HealthStats.Outcome.DOWN));
        assertEquals(1, stats.count(HealthStats.Check.TCP, HealthStats.Outcome.ERROR));
        assertEquals(0, stats.count(HealthStats.Check.HTTP, HealthStats.Outcome.DOWN));
    }

    @Test
    void clusterUnhealthyThresholdOverridesTheServers() {
        registry.add(PORT, tcp(1, 0));
        HealthChecker checker = checker();

        probe(checker, PORT, false);

        assertFalse(registry.healthy(PORT));
    }

    @Test
    void probeWithoutAnswerFailsAtItsTimeoutAndIsAbandoned() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker();
        checker.tick();
        ScriptedProber.Call call = prober.openProbeOf(PORT);

        clock.advance(TIMEOUT - 1);
        checker.tick();
        assertFalse(call.answer().isDone());
        clock.advance(1);
        checker.tick();

        assertEquals(ProbeResult.FAILED, call.answer().join(), "completed, which tells the prober to close its socket");
        assertEquals(0, checker.inFlight());
    }

    @Test
    void runningProbeIsNotStartedAgainEvenWhenItsIntervalHasPassed() {
        HealthCheck slow = new HealthCheck(HealthCheck.Type.TCP, "", "", 200, 0, 10 * INTERVAL, 0, 0);
        registry.add(PORT, slow);
        HealthChecker checker = checker();

        for (int i = 0; i < 50; i++) {
            checker.tick();
            clock.advance(TICK);
        }

        assertEquals(1, prober.callsTo(PORT).size());
    }

    @Test
    void atMostMaxInFlightProbesRunAndTheOtherDueTargetsWaitForALaterTick() {
        HealthCheck slow = new HealthCheck(HealthCheck.Type.TCP, "", "", 200, 0, 10 * INTERVAL, 0, 0);
        for (int port = 1; port <= 12; port++) {
            registry.add(port, slow);
        }
        HealthChecker checker = checker(5, Runnable::run, NO_JITTER);

        checker.tick();
        checker.tick();
        assertEquals(5, prober.calls().size());

        prober.unanswered().forEach(call -> call.answer().complete(ProbeResult.ALIVE));
        checker.tick();

        assertEquals(10, prober.calls().size());
        assertEquals(5, prober.unanswered().size());
        assertEquals(5, checker.inFlight());
    }

    @Test
    void firstProbesAreSpreadOverTheInterval() {
        int targets = 1000;
        for (int port = 1; port <= targets; port++) {
            registry.add(port, HealthCheck.TCP);
        }
        HealthChecker checker = checker(4096, Runnable::run, new SplittableRandom(7));
        Set<Integer> probed = new HashSet<>();
        int busiestTick = 0;

        for (long t = 0; t <= INTERVAL; t += TICK) {
            checker.tick();
            List<ScriptedProber.Call> started = prober.unanswered();
            busiestTick = Math.max(busiestTick, started.size());
            started.forEach(call -> {
                probed.add(call.port());
                call.answer().complete(ProbeResult.ALIVE);
            });
            clock.advance(TICK);
        }

        assertEquals(targets, probed.size());
        assertTrue(busiestTick <= 2 * targets * TICK / INTERVAL, "one tick started " + busiestTick);
    }

    @Test
    void targetsCheckedNotAtAllAreNeverProbed() {
        registry.add(PORT, new HealthCheck(HealthCheck.Type.NONE, "", "", 200, 0, 0, 0, 0));
        HealthChecker checker = checker();

        for (int i = 0; i < 30; i++) {
            checker.tick();
            clock.advance(TICK);
        }

        assertEquals(List.of(), prober.calls());
        assertEquals(1, checker.targets());
    }

    @Test
    void vanishedTargetIsForgottenAndItsLateAnswerCountsForNothing() {
        registry.add(PORT, tcp(1, 0));
        HealthChecker checker = checker();
        checker.tick();
        ScriptedProber.Call running = prober.openProbeOf(PORT);

        registry.remove(PORT);
        clock.advance(INTERVAL);
        checker.tick();
        running.answer().complete(ProbeResult.FAILED);
        checker.tick();

        assertEquals(0, checker.targets());
        assertEquals(0, checker.inFlight());
        assertEquals(List.of(), registry.verdicts());
    }

    @Test
    void changedCheckSettingsStartTheCountAgain() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker();
        probe(checker, PORT, false);
        probe(checker, PORT, false);

        registry.add(PORT, new HealthCheck(HealthCheck.Type.TCP, "", "", 200, 0, 2 * TIMEOUT, 0, 0));
        probe(checker, PORT, false);
        assertEquals(List.of(), registry.verdicts(), "two failures under the old check do not count");
        probe(checker, PORT, false);
        probe(checker, PORT, false);

        assertEquals(1, registry.verdicts().size());
    }

    @Test
    void verdictsAreNotAppliedOnTheThreadThatAnswered() throws InterruptedException {
        registry.add(PORT, tcp(1, 0));
        HealthChecker checker = checker();
        checker.tick();
        Thread io = new Thread(() -> prober.openProbeOf(PORT).answer().complete(ProbeResult.FAILED), "fake-io");
        io.start();
        io.join();

        checker.tick();

        assertEquals(1, registry.verdicts().size());
        assertNotEquals("fake-io", registry.verdicts().get(0).thread());
    }

    @Test
    void registryMarkIsAdoptedOnlyOnceOurVerdictHasReachedIt() {
        registry.add(PORT, HealthCheck.TCP);
        HealthChecker checker = checker(100, heldVerdicts::add, NO_JITTER);
        for (int i = 0; i < 3; i++) {
            probe(checker, PORT, false);
        }
        assertEquals(1, heldVerdicts.size(), "the verdict waits for its worker");

        // The registry still says healthy: that is our verdict not yet applied, not news.
        for (int i = 0; i < 3; i++) {
            probe(checker, PORT, false);
        }
        assertEquals(1, heldVerdicts.size());

        heldVerdicts.remove(0).run();
        registry.mark(PORT, true); // then an operator marks it healthy by hand
        for (int i = 0; i < 3; i++) {
            probe(checker, PORT, false);
        }
        assertEquals(1, heldVerdicts.size(), "the operator's mark is checked like any other");
    }
}
