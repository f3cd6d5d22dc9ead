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
import java.util.stream.LongStream;
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
    private final boolean returnsUntilHeal;

    FaultChecker(Supplier<Recording> read, long seed, Supplier<List<String>> journal) {
        this(read, seed, journal, false);
    }

    /**
     * {@code returnsUntilHeal}: a removal made during a fault counts only from its heal, for a fault under which the
     * guarantee cannot hold (a bridge node's partition, when the views split unevenly; the README states it).
     */
    FaultChecker(Supplier<Recording> read, long seed, Supplier<List<String>> journal, boolean returnsUntilHeal) {
        this.read = read;
        this.seed = seed;
        this.journal = journal;
        this.returnsUntilHeal = returnsUntilHeal;
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

    /**
     * A 1.x subscriber lists a service from a node of its choice now and then, and is pushed by every node it
     * listed from, one of which may drop an instance this much later than another: replication's lag, or two
     * nodes' copy graces ending apart, not a lost change.
     */
    static final long LEGACY_POLL_LAG_MILLIS = 2_000;

    /**
     * A cut reaches a node's links one by one, so the cut-off owner's last changes may reach one peer and not
     * another; the two disagree until they drop it from their view ({@code jacos.cluster.suspect-timeout}) and
     * relay what each holds of it. A 1.x subscriber, pushed by both, may see that meanwhile.
     */
    static final long SUSPECT_MILLIS = 10_000;

    /**
     * After heal the nodes take a few seconds to merge their views (the frozen and isolated scenarios measure 5-9
     * s); until then a node still alone in its view handles 1.x writes as their responsible node.
     */
    static final long LEGACY_MERGE_MILLIS = 20_000;

    /**
     * No deregistered instance shows again in a view that had already dropped it. Two exceptions, both 1.x
     * behaviours the README states: a 1.x client's deregistration during a fault or before the merge that follows
     * ({@link #LEGACY_MERGE_MILLIS}) may come back from the stale copy of the node responsible for it until it
     * expires unbeaten (agreement then still requires it gone), and a 1.x subscriber's own poll may list it again
     * within {@link #LEGACY_POLL_LAG_MILLIS} of the deregistration, {@link #SUSPECT_MILLIS} more for one made
     * during a fault. And a deregistration that a 2.x client's
     * own redo overtook counts from when the client took that back ({@link #takenBackAt}); under a fault where the
     * guarantee cannot hold, one made during it counts from its heal.
     */
    void checkNothingReappears() {
        Recording recording = read.get();
        List<long[]> faults = windows(journal.get());
        Map<String, Map<String, ShownTimeline>> timelines = ShownTimeline.index(recording);
        for (Ack ack : recording.acks) {
            if (ack.register() || !ack.ok()) {
                continue;
            }
            if (recording.legacy.contains(ack.client()) && faults.stream()
                    .anyMatch(w -> ack.at() >= w[0] && ack.at() <= w[1] + LEGACY_MERGE_MILLIS)) {
                continue;
            }
            long from = Math.max(takenBackAt(recording, ack), !returnsUntilHeal ? Long.MIN_VALUE : faults.stream()
                    .filter(w -> ack.at() >= w[0] && ack.at() <= w[1]).mapToLong(w -> w[1]).max()
                    .orElse(Long.MIN_VALUE));
            long pollLag = LEGACY_POLL_LAG_MILLIS + (faults.stream()
                    .anyMatch(w -> ack.at() >= w[0] && ack.at() <= w[1]) ? SUSPECT_MILLIS : 0);
            timelines.forEach((viewer, services) -> {
                boolean polls = recording.legacy.contains(viewer.substring(viewer.indexOf(' ') + 1))
                        && viewer.startsWith("push ");
                ShownTimeline views = services.get(ack.service());
                if (views != null) {
                    views.shownAgain(ack.instance(), from, polls ? pollLag : -1).ifPresent(at -> record(false,
                            ack.instance() + " deregistered at " + ack.at() + " by " + ack.client()
                                    + " reappeared to " + viewer + " at " + at));
                }
            });
        }
    }

    /** How long a 2.x client waits between passes of its redo task (its default). */
    static final long REDO_PERIOD_MILLIS = 3_000;

    /**
     * When the deregistration {@code ack} took effect for good. Normally at its acknowledgement. But when the
     * client's redo task re-registered the service within a redo period before it, the client's own redo register
     * may have overtaken its deregistration: the server rightly showed the instance again until the client took
     * it back, by a redo unregister on its next pass or by its next call for that service (a 2.x client keeps one
     * instance per service, so its next register replaces the one the redo brought back), whichever came first.
     */
    static long takenBackAt(Recording recording, Ack ack) {
        int app = ack.client().lastIndexOf('/');
        String jvm = app < 0 ? ack.client() : ack.client().substring(0, app);
        List<Recording.Redo> redos = recording.redos.getOrDefault(jvm, List.of()).stream()
                .filter(r -> r.service().equals(ack.service())).toList();
        boolean raced = redos.stream().anyMatch(r -> r.type().equals("REGISTER")
                && r.at() <= ack.at() && r.at() >= ack.at() - REDO_PERIOD_MILLIS);
        if (!raced) {
            return ack.at();
        }
        long until = ack.at() + 2 * REDO_PERIOD_MILLIS;
        LongStream unregisters = redos.stream()
                .filter(r -> r.type().equals("UNREGISTER") && r.at() > ack.at() && r.at() <= until)
                .mapToLong(Recording.Redo::at);
        LongStream nextCalls = recording.acks.stream()
                .filter(a -> a.client().equals(ack.client()) && a.service().equals(ack.service()) && a.ok()
                        && a.at() > ack.at() && a.at() <= until)
                .mapToLong(Ack::at);
        return LongStream.concat(unregisters, nextCalls).min().orElse(ack.at());
    }

    /** Each fault's [start, healed] from the journal ({@code <t> start <what>}, {@code <t> healed <what>}). */
    static List<long[]> windows(List<String> journal) {
        Map<String, Long> open = new java.util.HashMap<>();
        List<long[]> windows = new ArrayList<>();
        for (String entry : journal) {
            String[] f = entry.split(" ", 3);
            if (f.length == 3 && f[1].equals("start")) {
                open.put(f[2], Long.parseLong(f[0]));
            } else if (f.length == 3 && f[1].equals("healed") && open.containsKey(f[2])) {
                windows.add(new long[] {open.remove(f[2]), Long.parseLong(f[0])});
            }
        }
        open.values().forEach(start -> windows.add(new long[] {start, Long.MAX_VALUE - LEGACY_MERGE_MILLIS}));
        return windows;
    }

    /**
     * A subscriber whose own stable instance is registered is never pushed an empty list of that service. A 1.x
     * subscriber, pushed by every node it listed from, may be shown for {@link #LEGACY_POLL_LAG_MILLIS} after its
     * registration the view of a node that the registration has not reached yet.
     */
    void checkNoEmptyPush(String stableService) {
        Recording recording = read.get();
        for (Ack ack : recording.acks) {
            if (ack.ok() && ack.register() && ack.service().equals(stableService)) {
                long from = ack.at() + (recording.legacy.contains(ack.client()) ? LEGACY_POLL_LAG_MILLIS : 0);
                recording.streams.getOrDefault("push " + ack.client(), Map.of())
                        .getOrDefault(stableService, List.of()).stream()
                        .filter(v -> v.at() > from && v.instances().isEmpty()).findFirst()
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
