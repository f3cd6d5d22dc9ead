package io.jacos.it.faults;

import io.jacos.it.faults.Recording.Ack;
import io.jacos.it.faults.Recording.View;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The guarantees of issue 31, checked against a {@link Recording} of real clients and of the observer's polls.
 * Every failure names the seed and the faults' journal, so a run can be told apart and repeated.
 */
final class FaultChecker {

    private final Supplier<Recording> read;
    private final long seed;
    private final Supplier<List<String>> journal;
    private final List<String> violations = new ArrayList<>();

    FaultChecker(Supplier<Recording> read, long seed, Supplier<List<String>> journal) {
        this.read = read;
        this.seed = seed;
        this.journal = journal;
    }

    /**
     * Waits until every node answers and every subscriber was last pushed exactly the acknowledged live instances
     * (all healthy), within {@code bound}; answers the moment it first held.
     */
    long awaitAgreement(Duration bound) {
        AtomicReference<List<String>> differences = new AtomicReference<>(List.of("not checked yet"));
        AtomicLong checkedAt = new AtomicLong();
        try {
            Awaitility.await().atMost(bound).pollInterval(Duration.ofMillis(500)).until(() -> {
                long now = System.currentTimeMillis();
                checkedAt.set(now);
                differences.set(differences(read.get(), now - 1500));
                return differences.get().isEmpty();
            });
        } catch (ConditionTimeoutException e) {
            List<String> left = differences.get();
            throw new AssertionError(context("no agreement within " + bound + " after heal: " + left.size()
                    + " difference(s), first ones: " + left.subList(0, Math.min(6, left.size()))));
        }
        return checkedAt.get();
    }

    /** Where a node's latest answer (after {@code since}) or a subscriber's latest push is not the expected list. */
    private static List<String> differences(Recording recording, long since) {
        List<String> found = new ArrayList<>();
        Map<String, Set<String>> expected = recording.expected();
        Set<String> uncertain = recording.uncertain();
        recording.streams.forEach((viewer, services) -> expected.forEach((service, live) -> {
            List<View> views = services.getOrDefault(service, List.of());
            View last = views.isEmpty() ? null : views.get(views.size() - 1);
            boolean node = viewer.startsWith("node ");
            if (last == null || (node && (last.at() < since || !last.reachable()))) {
                found.add(viewer + " has no fresh view of " + service);
                return;
            }
            Set<String> seen = new java.util.TreeSet<>(last.instances());
            seen.removeIf(i -> uncertain.contains(i.replace("!", "")));
            if (!seen.equals(live)) {
                found.add(viewer + " shows " + service + " " + seen + " instead of " + live);
            }
        }));
        return found;
    }

    /** Every view taken at or after {@code from} (nodes that answered, and pushes) is the expected list. */
    void assertStayedAgreed(long from) {
        Recording recording = read.get();
        List<String> drift = differences(recording, from);
        recording.streams.forEach((viewer, services) -> services.forEach((service, views) -> {
            Set<String> live = recording.expected().getOrDefault(service, Set.of());
            views.stream().filter(v -> v.at() >= from && v.reachable()).filter(v -> !strip(v, recording).equals(live))
                    .findFirst().ifPresent(v -> drift.add(viewer + " at " + v.at() + " showed " + service + " "
                            + v.instances() + " instead of " + live));
        }));
        record(drift.isEmpty(), "views drifted after agreement: " + drift);
    }

    private static Set<String> strip(View view, Recording recording) {
        Set<String> seen = new java.util.TreeSet<>(view.instances());
        seen.removeIf(i -> recording.uncertain().contains(i.replace("!", "")));
        return seen;
    }

    /** No deregistered instance shows again in a view that had already dropped it. */
    void checkNothingReappears() {
        Recording recording = read.get();
        for (Ack ack : recording.acks) {
            if (ack.register() || !ack.ok()) {
                continue;
            }
            recording.streams.forEach((viewer, services) -> {
                boolean gone = false;
                for (View view : services.getOrDefault(ack.service(), List.of())) {
                    boolean present = view.instances().contains(ack.instance())
                            || view.instances().contains(ack.instance() + "!");
                    if (view.at() >= ack.at() && view.reachable() && !present) {
                        gone = true;
                    } else if (gone && present) {
                        record(false, ack.instance() + " deregistered at " + ack.at() + " by " + ack.client()
                                + " reappeared to " + viewer + " at " + view.at());
                        return;
                    }
                }
            });
        }
    }

    /** A subscriber whose own stable instance is registered is never pushed an empty list of that service. */
    void checkNoEmptyPush(String stableService) {
        Recording recording = read.get();
        for (Ack ack : recording.acks) {
            if (ack.ok() && ack.register() && ack.service().equals(stableService)) {
                recording.streams.getOrDefault("push " + ack.client(), Map.of())
                        .getOrDefault(stableService, List.of()).stream()
                        .filter(v -> v.at() > ack.at() && v.instances().isEmpty()).findFirst()
                        .ifPresent(v -> record(false, ack.client() + " was pushed an empty " + stableService
                                + " at " + v.at() + " while its own " + ack.instance() + " was registered"));
            }
        }
    }

    /** Every refused call carried a Nacos error code (a number), not a bare exception. */
    void checkRefusalsCoded() {
        read.get().acks.stream().filter(a -> !a.ok() && !a.code().matches("-?\\d+"))
                .forEach(a -> record(false, "refused without a code: " + a.message()));
    }

    void record(boolean holds, String violation) {
        if (!holds) {
            violations.add(violation);
        }
    }

    /** Throws with every violation found, the seed and the journal. */
    void assertNoViolations() {
        if (!violations.isEmpty()) {
            throw new AssertionError(context(violations.size() + " violation(s): " + String.join("\n  ",
                    violations.subList(0, Math.min(20, violations.size())))));
        }
    }

    private String context(String what) {
        return "[seed " + seed + "] " + what + "\nfaults: " + journal.get();
    }
}
