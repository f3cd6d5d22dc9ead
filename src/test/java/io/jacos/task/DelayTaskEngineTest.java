package io.jacos.task;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void startedOnAnExecutorItRunsDueTasksByItself() throws InterruptedException {
        DelayTaskEngine<String, Work> live = new DelayTaskEngine<>((key, work) -> runs.add(new Run(key, work.items())));
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1);
        try {
            ScheduledFuture<?> ticking = live.start(executor, 5);
            live.add("s", Work.of("a"), 20);
            await().atMost(Duration.ofSeconds(30)).until(() -> runs.size() == 1);
            assertEquals(new Run("s", List.of("a")), runs.get(0));
            ticking.cancel(false);
        } finally {
            executor.shutdownNow();
            executor.awaitTermination(30, TimeUnit.SECONDS);
        }
    }
}
