package io.jacos.task;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DelayTaskEngineTest {

    /** Bound of every wait: generous, a passing step returns as soon as it is seen. */
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** A delay no test waits for: a run that happens within WAIT proves an earlier due time was used. */
    private static final long FAR_MILLIS = Duration.ofMinutes(10).toMillis();

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

    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1);
    private final List<Run> runs = new CopyOnWriteArrayList<>();
    private final BiConsumer<String, Work> recorder = (key, work) -> runs.add(new Run(key, work.items()));

    @AfterEach
    void stopExecutor() throws InterruptedException {
        executor.shutdownNow();
        assertTrue(executor.awaitTermination(WAIT.toSeconds(), TimeUnit.SECONDS));
    }

    /** Occupies the single executor thread until the returned latch is released, so runs wait. */
    private CountDownLatch blockExecutor() {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(() -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await("executor blocked").atMost(WAIT).until(() -> entered.getCount() == 0);
        return release;
    }

    private void awaitRuns(int count) {
        await("runs: " + count).atMost(WAIT).until(() -> runs.size() >= count);
    }

    /** Asserts no further run happens for a while after the expected ones (bounded observation, no sleep). */
    private void assertNoMoreRuns(int count) {
        await().during(Duration.ofMillis(300)).atMost(WAIT).until(() -> runs.size() == count);
    }

    @Test
    void tasksAddedBeforeTheRunAreMergedIntoOneRun() {
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, recorder);
        CountDownLatch release = blockExecutor();
        engine.add("k", Work.of("a"), 0);
        engine.add("k", Work.of("b"), 0);
        engine.add("k", Work.of("c"), 10);
        assertEquals(1, engine.pendingCount());
        release.countDown();

        awaitRuns(1);
        assertEquals(new Run("k", List.of("a", "b", "c")), runs.get(0));
        assertNoMoreRuns(1);
        assertEquals(0, engine.pendingCount());
    }

    @Test
    void anEarlierDueTimeBringsTheMergedRunForward() {
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, recorder);
        CountDownLatch release = blockExecutor();
        engine.add("k", Work.of("late"), FAR_MILLIS);
        engine.add("k", Work.of("soon"), 0);
        release.countDown();

        awaitRuns(1);
        assertEquals(new Run("k", List.of("late", "soon")), runs.get(0));
        assertEquals(0, engine.pendingCount());
    }

    @Test
    void aLaterDueTimeDoesNotPostponeThePendingRun() {
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, recorder);
        CountDownLatch release = blockExecutor();
        engine.add("k", Work.of("soon"), 0);
        engine.add("k", Work.of("late"), FAR_MILLIS);
        release.countDown();

        awaitRuns(1);
        assertEquals(new Run("k", List.of("soon", "late")), runs.get(0));
        assertNoMoreRuns(1);
    }

    @Test
    void keysRunSeparately() {
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, recorder);
        CountDownLatch release = blockExecutor();
        engine.add("k1", Work.of("a"), 0);
        engine.add("k2", Work.of("b"), 0);
        engine.add("k1", Work.of("c"), 0);
        assertEquals(2, engine.pendingCount());
        release.countDown();

        awaitRuns(2);
        assertEquals(List.of(new Run("k1", List.of("a", "c")), new Run("k2", List.of("b"))), runs);
        assertNoMoreRuns(2);
    }

    @Test
    void aTaskAddedAfterTheRunGetsARunOfItsOwn() {
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, recorder);
        engine.add("k", Work.of("first"), 0);
        awaitRuns(1);
        engine.add("k", Work.of("second"), 0);
        awaitRuns(2);
        assertEquals(List.of(new Run("k", List.of("first")), new Run("k", List.of("second"))), runs);
    }

    @Test
    void workAddedWhileItsKeyRunsIsNotLost() {
        List<DelayTaskEngine<String, Work>> self = new ArrayList<>();
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, (key, work) -> {
            runs.add(new Run(key, work.items()));
            if (runs.size() == 1) {
                self.get(0).add(key, Work.of("during"), 0);
            }
        });
        self.add(engine);
        engine.add("k", Work.of("before"), 0);
        awaitRuns(2);
        assertEquals(List.of(new Run("k", List.of("before")), new Run("k", List.of("during"))), runs);
    }

    @Test
    void aNegativeDelayRunsAtOnce() {
        DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, recorder);
        engine.add("k", Work.of("x"), -5000);
        awaitRuns(1);
        assertEquals(new Run("k", List.of("x")), runs.get(0));
    }

    @Test
    void aFailingRunDoesNotStopLaterRuns() {
        Logger log = Logger.getLogger(DelayTaskEngine.class.getName());
        Level level = log.getLevel();
        log.setLevel(Level.OFF); // the failure below is expected; keep its stack trace out of the build log
        try {
            DelayTaskEngine<String, Work> engine = new DelayTaskEngine<>(executor, (key, work) -> {
                runs.add(new Run(key, work.items()));
                if (key.equals("bad")) {
                    throw new IllegalStateException("expected failure");
                }
            });
            engine.add("bad", Work.of("x"), 0);
            awaitRuns(1);
            engine.add("good", Work.of("y"), 0);
            awaitRuns(2);
            assertEquals(new Run("good", List.of("y")), runs.get(1));
            assertEquals(0, engine.pendingCount());
        } finally {
            log.setLevel(level);
        }
    }
}
