package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.task.MergeableTask;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Pending push work for one service: to every subscriber, and/or to named subscribers with the attempt
 * number of each (for bounded retries). A push to all absorbs the targeted ones that were waiting.
 * <p>
 * Immutable. The targets are a shared chain that a merge extends at its head, so that thousands of targeted
 * pushes arriving for one service between two runs (a burst of subscriptions, the acks of a fan-out) cost a
 * merge each, not a copy of all the targets before them each. A client may appear more than once in the
 * chain, with its lowest attempt winning; the chain is folded once it holds twice the entries it had at its
 * last fold, which keeps it within twice its distinct targets at an amortised constant cost per merge.
 */
public final class PushTask implements MergeableTask<PushTask> {

    private static final PushTask TO_ALL = new PushTask(true, null, 0, 0);
    private static final int MIN_FOLD_LENGTH = 32;

    private record Link(ClientId client, int attempt, Link next) {
    }

    private final boolean toAll;
    private final Link head;
    private final int length;
    private final int foldedLength;

    private PushTask(boolean toAll, Link head, int length, int foldedLength) {
        this.toAll = toAll;
        this.head = head;
        this.length = length;
        this.foldedLength = foldedLength;
    }

    public static PushTask toAllSubscribers() {
        return TO_ALL;
    }

    public static PushTask to(ClientId client, int attempt) {
        return new PushTask(false, new Link(Objects.requireNonNull(client), attempt, null), 1, 1);
    }

    /** A targeted push to each client of {@code targets}, at its attempt. */
    public static PushTask to(Map<ClientId, Integer> targets) {
        return chainOf(Map.copyOf(targets));
    }

    public boolean toAll() {
        return toAll;
    }

    /** Each targeted client with its lowest attempt; empty for a push to all. */
    public Map<ClientId, Integer> targets() {
        Map<ClientId, Integer> folded = new HashMap<>();
        for (Link link = head; link != null; link = link.next()) {
            folded.merge(link.client(), link.attempt(), Math::min);
        }
        return Collections.unmodifiableMap(folded);
    }

    @Override
    public PushTask merge(PushTask newer) {
        if (toAll || newer.toAll) {
            return TO_ALL;
        }
        // The newer task is nearly always a single target: walking it is the whole cost.
        Link merged = head;
        for (Link link = newer.head; link != null; link = link.next()) {
            merged = new Link(link.client(), link.attempt(), merged);
        }
        int mergedLength = length + newer.length;
        if (mergedLength >= 2 * Math.max(foldedLength, MIN_FOLD_LENGTH)) {
            return chainOf(new PushTask(false, merged, mergedLength, foldedLength).targets());
        }
        return new PushTask(false, merged, mergedLength, foldedLength);
    }

    private static PushTask chainOf(Map<ClientId, Integer> targets) {
        Link chain = null;
        for (Map.Entry<ClientId, Integer> target : targets.entrySet()) {
            chain = new Link(Objects.requireNonNull(target.getKey()), target.getValue(), chain);
        }
        return new PushTask(false, chain, targets.size(), targets.size());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PushTask task && toAll == task.toAll && targets().equals(task.targets());
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(toAll) * 31 + targets().hashCode();
    }

    @Override
    public String toString() {
        return toAll ? "PushTask[to all]" : "PushTask" + targets();
    }
}
