package io.jacos.it.faults;

import io.jacos.it.faults.Recording.View;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One viewer's views of one service, indexed by instance, so that "shown gone, then shown again" is answered by a
 * few bit searches instead of a walk over every view for every deregistration (at tens of clients per host the
 * walk takes the checker minutes). An instance marked {@code !} (unhealthy) counts as shown.
 */
final class ShownTimeline {

    private final List<View> views;
    private final long[] times;
    private final BitSet unreachable = new BitSet();
    private final Map<String, BitSet> shown = new HashMap<>();
    private final boolean inTimeOrder;

    ShownTimeline(List<View> views) {
        this.views = views;
        times = new long[views.size()];
        boolean ordered = true;
        for (int i = 0; i < views.size(); i++) {
            View view = views.get(i);
            times[i] = view.at();
            ordered &= i == 0 || times[i] >= times[i - 1];
            if (!view.reachable()) {
                unreachable.set(i);
            }
            for (String instance : view.instances()) {
                shown.computeIfAbsent(instance.replace("!", ""), k -> new BitSet()).set(i);
            }
        }
        inTimeOrder = ordered;
    }

    /** Every stream of the recording, indexed: per viewer, per service. */
    static Map<String, Map<String, ShownTimeline>> index(Recording recording) {
        Map<String, Map<String, ShownTimeline>> timelines = new LinkedHashMap<>();
        recording.streams.forEach((viewer, services) -> services.forEach((service, views) -> timelines
                .computeIfAbsent(viewer, v -> new LinkedHashMap<>()).put(service, new ShownTimeline(views))));
        return timelines;
    }

    /** When {@code instance} was first shown; empty when never. */
    OptionalLong firstShown(String instance) {
        int first = shown.getOrDefault(instance, new BitSet()).nextSetBit(0);
        return first < 0 ? OptionalLong.empty() : OptionalLong.of(times[first]);
    }

    /** When {@code instance} was first missing from a view after it had been shown; empty when never. */
    OptionalLong firstGoneAfterShown(String instance) {
        BitSet present = shown.getOrDefault(instance, new BitSet());
        int first = present.nextSetBit(0);
        int gone = first < 0 ? times.length : present.nextClearBit(first);
        return gone >= times.length ? OptionalLong.empty() : OptionalLong.of(times[gone]);
    }

    /**
     * When {@code instance} was shown again after the first reachable view at or after {@code from} that lacked it,
     * leaving out views within {@code graceMillis} of that one (none when negative); empty when it never was.
     */
    OptionalLong shownAgain(String instance, long from, long graceMillis) {
        BitSet present = shown.getOrDefault(instance, new BitSet());
        if (!inTimeOrder) {
            return walk(present, from, graceMillis);
        }
        BitSet presentOrUnreachable = (BitSet) present.clone();
        presentOrUnreachable.or(unreachable);
        int gone = presentOrUnreachable.nextClearBit(firstAtOrAfter(from));
        if (gone >= times.length) {
            return OptionalLong.empty();
        }
        int again = present.nextSetBit(Math.max(gone + 1, firstAtOrAfter(times[gone] + graceMillis + 1)));
        return again < 0 ? OptionalLong.empty() : OptionalLong.of(times[again]);
    }

    /** The same question, view by view, for a stream whose views are not in time order. */
    private OptionalLong walk(BitSet present, long from, long graceMillis) {
        long goneAt = -1;
        for (int i = 0; i < views.size(); i++) {
            if (times[i] >= from && !unreachable.get(i) && !present.get(i)) {
                goneAt = goneAt < 0 ? times[i] : goneAt;
            } else if (goneAt >= 0 && present.get(i) && (graceMillis < 0 || times[i] - goneAt > graceMillis)) {
                return OptionalLong.of(times[i]);
            }
        }
        return OptionalLong.empty();
    }

    private int firstAtOrAfter(long at) {
        int found = Arrays.binarySearch(times, at);
        if (found < 0) {
            return -found - 1;
        }
        while (found > 0 && times[found - 1] == at) {
            found--;
        }
        return found;
    }
}
