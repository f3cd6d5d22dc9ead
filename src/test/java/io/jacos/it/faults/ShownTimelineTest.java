package io.jacos.it.faults;

import io.jacos.it.faults.Recording.View;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The indexed answers equal a plain walk over the views, on random streams in time order and out of it. */
class ShownTimelineTest {

    private static final List<String> INSTANCES = List.of("a:1", "a:2", "a:3");

    @Test
    void shownAgainMatchesAWalkOverTheViews() {
        Random random = new Random(31);
        for (int round = 0; round < 3_000; round++) {
            List<View> views = stream(random, round % 5 != 0);
            ShownTimeline timeline = new ShownTimeline(views);
            long from = random.nextInt(60);
            long grace = random.nextBoolean() ? -1 : random.nextInt(10);
            for (String instance : INSTANCES) {
                assertEquals(walkShownAgain(views, instance, from, grace), timeline.shownAgain(instance, from, grace),
                        "round " + round + " " + instance + " from " + from + " grace " + grace + " " + views);
            }
        }
    }

    @Test
    void firstShownAndFirstGoneMatchAWalkOverTheViews() {
        Random random = new Random(32);
        for (int round = 0; round < 3_000; round++) {
            List<View> views = stream(random, true);
            ShownTimeline timeline = new ShownTimeline(views);
            for (String instance : INSTANCES) {
                assertEquals(walkFirst(views, instance, true), timeline.firstShown(instance), views.toString());
                assertEquals(walkFirst(views, instance, false), timeline.firstGoneAfterShown(instance),
                        views.toString());
            }
        }
    }

    /** Up to 12 views, some unreachable, with instances shown healthy or marked unhealthy ({@code !}). */
    private static List<View> stream(Random random, boolean inTimeOrder) {
        List<View> views = new ArrayList<>();
        long at = 0;
        for (int i = random.nextInt(12); i > 0; i--) {
            at = inTimeOrder ? at + random.nextInt(4) * 3 : random.nextInt(60);
            Set<String> shown = new TreeSet<>();
            for (String instance : INSTANCES) {
                int pick = random.nextInt(3);
                if (pick > 0) {
                    shown.add(pick == 1 ? instance : instance + "!");
                }
            }
            boolean reachable = random.nextInt(6) > 0;
            views.add(new View(at, reachable, reachable ? shown : Set.of()));
        }
        return views;
    }

    private static boolean present(View view, String instance) {
        return view.instances().contains(instance) || view.instances().contains(instance + "!");
    }

    private static OptionalLong walkShownAgain(List<View> views, String instance, long from, long grace) {
        long goneAt = -1;
        for (View view : views) {
            boolean present = present(view, instance);
            if (view.at() >= from && view.reachable() && !present) {
                goneAt = goneAt < 0 ? view.at() : goneAt;
            } else if (goneAt >= 0 && present && !(grace >= 0 && view.at() - goneAt <= grace)) {
                return OptionalLong.of(view.at());
            }
        }
        return OptionalLong.empty();
    }

    private static OptionalLong walkFirst(List<View> views, String instance, boolean shown) {
        boolean seen = false;
        for (View view : views) {
            boolean present = present(view, instance);
            if (shown && present || !shown && seen && !present) {
                return OptionalLong.of(view.at());
            }
            seen |= present;
        }
        return OptionalLong.empty();
    }
}
