package io.jacos.health;

import io.jacos.application.PersistentInstanceService.CheckTarget;
import io.jacos.model.HealthCheck;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.random.RandomGenerator;

/**
 * The targets the checker knows, rebuilt from each snapshot of the registry so that vanished targets are
 * forgotten, plus the queue of targets waiting for their next probe, earliest first. A target leaves the queue
 * while its probe runs, so it is never probed twice at once. Entries of forgotten or replaced targets stay in
 * the queue until they come up and are then dropped, which saves a linear removal per change.
 */
final class TargetTable {

    private final HealthLimits limits;
    private final RandomGenerator random;
    private final PriorityQueue<TargetState> waiting =
            new PriorityQueue<>(Comparator.comparingLong((TargetState s) -> s.nextDueMillis));
    private Map<TargetKey, TargetState> current = new HashMap<>();

    TargetTable(HealthLimits limits, RandomGenerator random) {
        this.limits = limits;
        this.random = random;
    }

    /**
     * Takes the registry's current list. Known targets keep their counts and adopt the registry's mark, unless
     * a verdict of ours is still on its way there; new ones, and those whose check changed, start afresh with
     * their first probe at a random point of their interval, so that thousands of targets do not fire at once.
     */
    void refresh(List<CheckTarget> targets, long nowMillis) {
        Map<TargetKey, TargetState> next = new HashMap<>(targets.size() * 4 / 3 + 1);
        for (CheckTarget target : targets) {
            TargetKey key = new TargetKey(target.service(), target.ip(), target.port());
            TargetState known = current.get(key);
            if (known != null && known.probesLike(target.probePort(), target.check())) {
                if (known.verdictsPending == 0) {
                    known.adoptMark(target.healthy());
                }
                next.put(key, known);
            } else {
                next.put(key, fresh(key, target, nowMillis));
            }
        }
        current = next;
    }

    private TargetState fresh(TargetKey key, CheckTarget target, long nowMillis) {
        CheckTiming timing = CheckTiming.of(target.check(), limits);
        TargetState state = new TargetState(key, target.probePort(), target.check(), timing, target.healthy(),
                nowMillis + random.nextLong(timing.intervalMillis()));
        if (target.check().type() != HealthCheck.Type.NONE) {
            waiting.add(state);
        }
        return state;
    }

    /** False once the target vanished or was replaced: whatever its probe found no longer counts. */
    boolean isCurrent(TargetState state) {
        return current.get(state.key) == state;
    }

    /** The earliest current target due by {@code nowMillis}, taken off the queue; null when none is due. */
    TargetState takeDue(long nowMillis) {
        TargetState head;
        while ((head = waiting.peek()) != null && head.nextDueMillis <= nowMillis) {
            waiting.poll();
            if (isCurrent(head)) {
                return head;
            }
        }
        return null;
    }

    /** Puts a target whose probe has finished back in the queue, for its {@code nextDueMillis}. */
    void requeue(TargetState state) {
        waiting.add(state);
    }

    int size() {
        return current.size();
    }
}
