package io.jacos.task;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DelayTaskEngineTest {

    /** A test task: the items of every task merged into it, in the order they were added. */
    record Work(List<String> items) implements MergeableTask<Work> {
        static Work of(String item) {
            return new Work(List.of(item));
        }

        @Override
        public Work merge(Work newer) {
            List<String> all = new ArrayList<>(items);
            all.addAll(newer.items);
            return new Work(all);
        }
    }

    record Run(String key, List<String> items) {
    }

    private final AtomicLong nanos = new AtomicLong();
    private final List<Run> runs = new CopyOnWriteArrayList<>();
    private final DelayTaskEngine<String, Work> engine =
            new DelayTaskEngine<>((key, work) -> runs.add(new Run(key, work.items())), nanos::get);

    /** Counts the wakes scheduled on it (one-shot or repeating), so a test can see how often the engine asks. */
    private static final class CountingExecutor extends ScheduledThreadPoolExecutor {
        final AtomicInteger scheduled = new AtomicInteger();

        CountingExecutor() {
            super(1);
            setRemoveOnCancelPolicy(true);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            scheduled.incrementAndGet();
            return super.schedule(command, delay, unit);
        }

        @Override
        public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
                                                         TimeUnit unit) {
            scheduled.incrementAndGet();
            return super.scheduleWithFixedDelay(command, initialDelay, delay, unit);
        }

        /** Whether the only wake queued is a one-shot due more than a minute from now. */
        boolean onlyAFarWakeQueued() {
            return getActiveCount() == 0 && getQueue().size() == 1
                    && ((ScheduledFuture<?>) getQueue().peek()).getDelay(TimeUnit.SECONDS) > 60;
        }
    }

    /** A real executor for the tests that let the engine wake itself; shut down after each test. */
    private final CountingExecutor executor = new CountingExecutor();

    @AfterEach
    void shutDownExecutor() throws InterruptedException {
        executor.shutdownNow();
        executor.awaitTermination(30, TimeUnit.SECONDS);
    }

    /** An engine on the real clock that records its runs. */
    private DelayTaskEngine<String, Work> recordingEngine() {
        return new DelayTaskEngine<>((key, work) -> runs.add(new Run(key, work.items())));
    }

    private void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    @Test
    void aTaskRunsOnceWhenItIsDueAndNotBefore() {
        engine.add("s", Work.of("a"), 100);
        advanceMillis(99);
        engine.runDue();
        assertEquals(List.of(), runs);

        advanceMillis(1);
        engine.runDue();
        engine.runDue();
        assertEquals(List.of(new Run("s", List.of("a"))), runs);
        assertEquals(0, engine.pendingCount());
    }

    @Test
    void tasksAddedBeforeTheRunMergeIntoOne() {
        engine.add("s", Work.of("a"), 100);
        advanceMillis(50);
        engine.add("s", Work.of("b"), 100);
        engine.add("s", Work.of("c"), 100);
        assertEquals(1, engine.pendingCount());

        advanceMillis(50);
        engine.runDue();
        assertEquals(List.of(new Run("s", List.of("a", "b", "c"))), runs, "due at the first task's time");
    }

    @Test
    void theEarliestDueTimeWins() {
        engine.add("s", Work.of("retry"), 10_000);
        engine.add("s", Work.of("now"), 0);
        engine.runDue();
        assertEquals(List.of(new Run("s", List.of("retry", "now"))), runs);
    }

    @Test
    void keysAreIndependentAndATaskAddedAfterARunRunsAgain() {
        engine.add("s", Work.of("a"), 10);
        engine.add("t", Work.of("b"), 30);
        advanceMillis(10);
        engine.runDue();
        engine.add("s", Work.of("c"), 10);
        advanceMillis(20);
        engine.runDue();
        assertEquals(List.of(new Run("s", List.of("a")), new Run("s", List.of("c")), new Run("t", List.of("b"))),
                runs.stream().sorted((x, y) -> x.key().equals(y.key())
                        ? x.items().get(0).compareTo(y.items().get(0)) : x.key().compareTo(y.key())).toList());
    }

    @Test
    void aFailingTaskDoesNotStopTheOthers() {
        DelayTaskEngine<String, Work> failing = new DelayTaskEngine<>((key, work) -> {
            if (key.equals("bad")) {
                throw new IllegalStateException("boom");
            }
            runs.add(new Run(key, work.items()));
        }, nanos::get);
        failing.add("bad", Work.of("x"), 0);
        failing.add("good", Work.of("y"), 0);
        failing.runDue();
        assertEquals(List.of(new Run("good", List.of("y"))), runs);
        assertEquals(0, failing.pendingCount());
    }

    @Test
    void startedOnAnExecutorItRunsDueTasksByItself() {
        DelayTaskEngine<String, Work> live = recordingEngine();
        DelayWake ticking = live.start(executor, 5);
        live.add("s", Work.of("a"), 20);
        await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == 1);
        assertEquals(new Run("s", List.of("a")), runs.get(0));
        ticking.stop();
    }

    @Test
    void anIdleEngineSchedulesNothingAndWakesForTheNextTask() {
        DelayTaskEngine<String, Work> live = recordingEngine();
        DelayWake ticking = live.start(executor, 5);
        assertEquals(0, executor.scheduled.get(), "nothing pending, nothing scheduled");
        live.add("s", Work.of("a"), 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> executor.getQueue().isEmpty()
                && executor.getActiveCount() == 0);
        assertEquals(1, executor.scheduled.get(), "one wake for one task, and none left once idle");

        live.add("s", Work.of("b"), 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == 2);
        assertEquals(new Run("s", List.of("b")), runs.get(1));
        ticking.stop();
    }

    @Test
    void aTaskDueSoonerThanTheArmedWakeIsNotKeptWaiting() {
        DelayTaskEngine<String, Work> live = recordingEngine();
        DelayWake ticking = live.start(executor, 5);
        live.add("retry", Work.of("later"), 600_000);
        live.add("change", Work.of("now"), 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == 1);
        assertEquals(new Run("change", List.of("now")), runs.get(0));
        // Once the repeating run for the change goes idle, only the retry's wake is left: the superseded is gone.
        await().atMost(Duration.ofSeconds(30)).until(executor::onlyAFarWakeQueued);
        assertEquals(1, live.pendingCount());
        ticking.stop();
    }

    @Test
    void aBusySpellIsServedByOneRepeatingWake() {
        DelayTaskEngine<String, Work> live = recordingEngine();
        // Ticks long enough that the spell below never goes idle between its tasks on a slow machine.
        DelayWake ticking = live.start(executor, 50);
        for (int i = 1; i <= 20; i++) {
            live.add("s" + i, Work.of("t" + i), 0);
            int expected = i;
            await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == expected);
        }
        assertTrue(executor.scheduled.get() <= 3,
                "20 tasks in one busy spell, " + executor.scheduled.get() + " wakes scheduled");
        await().atMost(Duration.ofSeconds(30)).until(() -> executor.getQueue().isEmpty()
                && executor.getActiveCount() == 0);
        live.add("after", Work.of("idle"), 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == 21);
        ticking.stop();
    }

    @Test
    void aTaskAddedWhileItsRunIsUnderWayGetsARunOfItsOwn() {
        List<String> seen = new CopyOnWriteArrayList<>();
        AtomicReference<DelayTaskEngine<String, Work>> self = new AtomicReference<>();
        self.set(new DelayTaskEngine<>((key, work) -> {
            seen.addAll(work.items());
            if (work.items().contains("first")) {
                self.get().add(key, Work.of("retry"), 1); // what a failed push does from inside its run
            }
        }));
        DelayWake ticking = self.get().start(executor, 5);
        self.get().add("s", Work.of("first"), 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> seen.equals(List.of("first", "retry")));
        assertEquals(0, self.get().pendingCount());
        ticking.stop();
    }

    @Test
    void runDueReportsTheEarliestTaskLeftWaiting() {
        assertEquals(DelayTaskEngine.NOTHING_PENDING, engine.runDue());
        engine.add("a", Work.of("a"), 30);
        engine.add("b", Work.of("b"), 10);
        engine.add("c", Work.of("c"), 0);
        assertEquals(TimeUnit.MILLISECONDS.toNanos(10), engine.runDue());
        advanceMillis(10);
        assertEquals(TimeUnit.MILLISECONDS.toNanos(30), engine.runDue());
        advanceMillis(20);
        assertEquals(DelayTaskEngine.NOTHING_PENDING, engine.runDue());
        assertEquals(3, runs.size());
    }
}
