package io.jacos.it.faults;

import io.jacos.it.faults.Recording.Ack;
import io.jacos.it.faults.Recording.View;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A scenario's numbers, printed and appended to {@code target/it/faults-figures.txt}: how long after heal the
 * nodes and subscribers agreed, and how long an acknowledged churn call took to reach each subscriber (push
 * delay) during the fault and outside it, with the count of calls a subscriber never saw, and how often a
 * subscriber lost a kept instance for a while ({@link #lapses}).
 */
final class FaultFigures {

    private FaultFigures() {
    }

    static void print(String scenario, long seed, Recording recording, long healed, long quiet, long agreed,
                      List<String> journal) {
        long faultStart = journal.stream().filter(l -> l.contains(" start ")).mapToLong(l -> Long.parseLong(
                l.split(" ")[0])).min().orElse(healed);
        List<Long> during = new ArrayList<>();
        List<Long> outside = new ArrayList<>();
        int unseen = 0;
        Map<String, Map<String, ShownTimeline>> timelines = ShownTimeline.index(recording);
        for (Ack ack : recording.acks) {
            if (!ack.ok() || !ack.service().endsWith("-churn")) {
                continue;
            }
            for (Map.Entry<String, Map<String, ShownTimeline>> stream : timelines.entrySet()) {
                if (!stream.getKey().startsWith("push ")) {
                    continue;
                }
                long delay = delay(ack, stream.getValue().get(ack.service()));
                if (delay < 0) {
                    unseen++;
                } else {
                    (ack.at() >= faultStart && ack.at() <= healed ? during : outside).add(delay);
                }
            }
        }
        Lapses lapses = lapses(recording);
        String line = "scenario " + scenario + " seed " + seed + ": agreed " + (agreed - quiet) + " ms after churn"
                + " stopped (" + (agreed - healed) + " ms after heal); push delay during fault " + summary(during)
                + ", outside " + summary(outside) + "; churn calls never seen by a subscriber: " + unseen
                + "; kept instances missing from a subscriber's view: " + lapses.pairs() + " (subscriber, instance)"
                + " pairs, longest " + lapses.longestMillis() + " ms; faults " + journal;
        System.out.println(line);
        try {
            Path file = Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve("faults-figures.txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the figures are printed above too
        }
    }

    /**
     * From the acknowledgement to the first push that reflects it (never below 0: a push may beat the answer);
     * -1 when no push did. A deregistration counts once the instance, seen before, is gone.
     */
    private static long delay(Ack ack, ShownTimeline views) {
        if (views == null) {
            return -1;
        }
        OptionalLong shown = ack.register() ? views.firstShown(ack.instance())
                : views.firstGoneAfterShown(ack.instance());
        return shown.isPresent() ? Math.max(0, shown.getAsLong() - ack.at()) : -1;
    }

    /** How many (subscriber, instance) pairs saw a kept instance go and come back, and the longest such absence. */
    record Lapses(int pairs, long longestMillis) {
    }

    /**
     * The instances every application keeps to the end (acknowledged registrations outside the churn services), as
     * each subscriber was pushed them: an absence runs from the first push without an instance it had been shown to
     * the next push with it again. These instances are never deregistered, so every absence is one the registry
     * caused: an owner's copies dropped before its clients came back elsewhere, a hand-off, a merge.
     */
    static Lapses lapses(Recording recording) {
        Map<String, Set<String>> kept = new HashMap<>();
        for (Ack ack : recording.acks) {
            if (ack.ok() && ack.register() && !ack.service().endsWith("-churn")) {
                kept.computeIfAbsent(ack.service(), k -> new HashSet<>()).add(ack.instance());
            }
        }
        int pairs = 0;
        long longest = 0;
        for (Map.Entry<String, Map<String, List<View>>> stream : recording.streams.entrySet()) {
            if (!stream.getKey().startsWith("push ")) {
                continue;
            }
            for (Map.Entry<String, Set<String>> service : kept.entrySet()) {
                Map<String, Long> goneSince = new HashMap<>();
                Set<String> shown = new HashSet<>();
                Set<String> lapsed = new HashSet<>();
                for (View view : stream.getValue().getOrDefault(service.getKey(), List.of())) {
                    Set<String> present = new HashSet<>();
                    view.instances().forEach(i -> present.add(i.replace("!", "")));
                    for (String instance : service.getValue()) {
                        if (present.contains(instance)) {
                            Long since = goneSince.remove(instance);
                            if (since != null) {
                                lapsed.add(instance);
                                longest = Math.max(longest, view.at() - since);
                            }
                            shown.add(instance);
                        } else if (shown.contains(instance)) {
                            goneSince.putIfAbsent(instance, view.at());
                        }
                    }
                }
                pairs += lapsed.size();
            }
        }
        return new Lapses(pairs, longest);
    }

    private static String summary(List<Long> delays) {
        if (delays.isEmpty()) {
            return "(none)";
        }
        List<Long> sorted = new ArrayList<>(delays);
        Collections.sort(sorted);
        return "n=" + sorted.size() + " p50=" + sorted.get(sorted.size() / 2) + "ms p99="
                + sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(sorted.size() * 0.99) - 1)) + "ms max="
                + sorted.get(sorted.size() - 1) + "ms";
    }
}
