package io.jacos.boot;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts steps in list order and stops the started ones in reverse. A step that fails to start cleans up after
 * itself; the steps before it are then stopped and the failure fails the whole start, so a refused deployment
 * leaves no port bound and no task scheduled. Each started step is stopped once, however often stop is called.
 */
final class BootSequence {

    private static final Logger LOG = Logger.getLogger(BootSequence.class.getName());

    /** One part of the application: how it starts and, if it holds anything, how it stops. */
    record Step(String name, Runnable start, Runnable stop) {

        static Step of(String name, Runnable start) {
            return new Step(name, start, () -> {
            });
        }
    }

    private final List<Step> steps;
    private final Deque<Step> started = new ArrayDeque<>();

    BootSequence(List<Step> steps) {
        this.steps = List.copyOf(steps);
    }

    synchronized void start() {
        StringBuilder timings = new StringBuilder();
        long began = System.nanoTime();
        for (Step step : steps) {
            try {
                long stepBegan = System.nanoTime();
                step.start().run();
                long millis = (System.nanoTime() - stepBegan) / 1_000_000;
                if (millis > 0) {
                    timings.append(timings.isEmpty() ? "" : ", ").append(step.name()).append(' ').append(millis);
                }
            } catch (RuntimeException | Error e) {
                LOG.severe(() -> "Start failed at step '" + step.name() + "'; stopping the steps before it");
                stop();
                throw e;
            }
            started.push(step);
        }
        // Which step a slow start spent its time in, for an operator without a profiler.
        LOG.info(() -> "Started in " + (System.nanoTime() - began) / 1_000_000 + " ms (" + timings + " ms)");
    }

    synchronized void stop() {
        while (!started.isEmpty()) {
            Step step = started.pop();
            try {
                step.stop().run();
            } catch (RuntimeException | LinkageError e) {
                // Whatever one step does, the others must still free their ports and threads.
                LOG.log(Level.WARNING, "Stopping '" + step.name() + "' failed; the other steps stop anyway", e);
            }
        }
    }
}
