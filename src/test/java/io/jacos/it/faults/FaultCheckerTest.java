package io.jacos.it.faults;

import io.jacos.it.faults.Recording.Ack;
import io.jacos.it.faults.Recording.View;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checker fails on each broken guarantee, with the seed in the message, and passes a clean recording. */
class FaultCheckerTest {

    private static final String STABLE = "svc";
    private static final String CHURN = "svc-churn";

    private final Recording recording = new Recording();

    private FaultChecker checker() {
        return new FaultChecker(() -> recording, 42, List::of);
    }

    private void ack(String client, long at, boolean register, String service, String instance) {
        recording.acks.add(new Ack(client, at, register, service, instance, null, ""));
    }

    private void view(String viewer, String service, long at, String... instances) {
        recording.streams.computeIfAbsent(viewer, v -> new LinkedHashMap<>())
                .computeIfAbsent(service, s -> new ArrayList<>()).add(new View(at, true, Set.of(instances)));
    }

    private void cleanRun(long now) {
        ack("c", 10, true, STABLE, "a:1");
        ack("c", 20, true, CHURN, "a:2");
        ack("c", 30, false, CHURN, "a:2");
        for (String viewer : List.of("push c", "node n0")) {
            view(viewer, STABLE, 15, "a:1");
            view(viewer, CHURN, 25, "a:2");
            view(viewer, CHURN, 35);
            view(viewer, STABLE, now, "a:1");
            view(viewer, CHURN, now);
        }
    }

    @Test
    void aCleanRecordingPasses() throws Exception {
        long now = System.currentTimeMillis();
        cleanRun(now);
        FaultChecker checker = checker();
        checker.awaitAgreement(Duration.ofSeconds(2));
        checker.assertStayedAgreed(now);
        checker.checkNothingReappears();
        checker.checkNoEmptyPush(STABLE);
        checker.checkRefusalsCoded();
        assertDoesNotThrow(checker::assertNoViolations);
    }

    @Test
    void aDeregisteredInstanceComingBackIsCaught() {
        cleanRun(System.currentTimeMillis());
        view("push c", CHURN, 40, "a:2");
        FaultChecker checker = checker();
        checker.checkNothingReappears();
        AssertionError failure = assertThrows(AssertionError.class, checker::assertNoViolations);
        assertTrue(failure.getMessage().contains("[seed 42]") && failure.getMessage().contains("reappeared"));
    }

    @Test
    void aDeregistrationOvertakenByTheClientsOwnRedoCountsFromTheRedoThatTookItBack() {
        ack("c", 20, true, CHURN, "a:2");
        ack("c", 30, false, CHURN, "a:2");
        view("push c", CHURN, 25, "a:2");
        view("push c", CHURN, 35);
        view("push c", CHURN, 40, "a:2");
        view("push c", CHURN, 3050);
        recording.redos.put("c", new ArrayList<>(List.of(new Recording.Redo(29, "REGISTER", CHURN))));
        FaultChecker notTakenBack = checker();
        notTakenBack.checkNothingReappears();
        assertThrows(AssertionError.class, notTakenBack::assertNoViolations);

        recording.redos.get("c").add(new Recording.Redo(3000, "UNREGISTER", CHURN));
        FaultChecker takenBack = checker();
        takenBack.checkNothingReappears();
        assertDoesNotThrow(takenBack::assertNoViolations);

        view("push c", CHURN, 3100, "a:2");
        FaultChecker back = checker();
        back.checkNothingReappears();
        assertThrows(AssertionError.class, back::assertNoViolations);
    }

    @Test
    void aDeregistrationOvertakenByTheClientsOwnRedoCountsFromItsNextCallForTheServiceIfThatCameFirst() {
        ack("c", 20, true, CHURN, "a:2");
        ack("c", 30, false, CHURN, "a:2");
        view("push c", CHURN, 25, "a:2");
        view("push c", CHURN, 35);
        view("push c", CHURN, 40, "a:2");
        recording.redos.put("c", new ArrayList<>(List.of(new Recording.Redo(29, "REGISTER", CHURN),
                new Recording.Redo(3000, "UNREGISTER", CHURN))));
        ack("c", 1000, true, CHURN, "a:3");
        ack("other", 500, true, CHURN, "b:3");
        assertEquals(1000, FaultChecker.takenBackAt(recording, recording.acks.get(1)));
        view("push c", CHURN, 1010, "a:3");
        FaultChecker replaced = checker();
        replaced.checkNothingReappears();
        assertDoesNotThrow(replaced::assertNoViolations);

        view("push c", CHURN, 1100, "a:2", "a:3");
        FaultChecker back = checker();
        back.checkNothingReappears();
        assertThrows(AssertionError.class, back::assertNoViolations);
    }

    @Test
    void underAFaultWhereTheGuaranteeCannotHoldARemovalMadeDuringItCountsFromItsHeal() {
        ack("c", 20, true, CHURN, "a:2");
        ack("c", 30, false, CHURN, "a:2");
        view("push s", CHURN, 35);
        view("push s", CHURN, 40, "a:2");
        view("push s", CHURN, 110);
        List<String> journal = List.of("10 start bridge", "100 healed bridge");
        FaultChecker strict = new FaultChecker(() -> recording, 42, () -> journal);
        strict.checkNothingReappears();
        assertThrows(AssertionError.class, strict::assertNoViolations);
        FaultChecker untilHeal = new FaultChecker(() -> recording, 42, () -> journal, true);
        untilHeal.checkNothingReappears();
        assertDoesNotThrow(untilHeal::assertNoViolations);

        view("push s", CHURN, 120, "a:2");
        FaultChecker afterHeal = new FaultChecker(() -> recording, 42, () -> journal, true);
        afterHeal.checkNothingReappears();
        assertThrows(AssertionError.class, afterHeal::assertNoViolations);
    }

    @Test
    void aRedoRegisterOlderThanARedoPeriodExplainsNothing() {
        cleanRun(System.currentTimeMillis());
        recording.redos.put("c", List.of(new Recording.Redo(30 - FaultChecker.REDO_PERIOD_MILLIS - 1, "REGISTER",
                CHURN), new Recording.Redo(3000, "UNREGISTER", CHURN)));
        assertEquals(30, FaultChecker.takenBackAt(recording, recording.acks.get(2)));
    }

    @Test
    void aLegacySubscriberMayBeShownARemovalAgainOnlyWithinTheLagOfItsFirstGoneView() {
        cleanRun(System.currentTimeMillis());
        recording.legacy.add("c");
        view("push c", CHURN, 35 + FaultChecker.LEGACY_POLL_LAG_MILLIS, "a:2");
        FaultChecker within = checker();
        within.checkNothingReappears();
        assertDoesNotThrow(within::assertNoViolations);

        view("push c", CHURN, 36 + FaultChecker.LEGACY_POLL_LAG_MILLIS, "a:2");
        FaultChecker after = checker();
        after.checkNothingReappears();
        assertThrows(AssertionError.class, after::assertNoViolations);
    }

    @Test
    void aLegacySubscriberMayBeShownARemovalMadeDuringAFaultAgainUntilTheNodesDroppedTheCutOffOne() {
        ack("c", 20, true, CHURN, "a:2");
        ack("c", 30, false, CHURN, "a:2");
        recording.legacy.add("s");
        long lag = FaultChecker.LEGACY_POLL_LAG_MILLIS + FaultChecker.SUSPECT_MILLIS;
        view("push s", CHURN, 25, "a:2");
        view("push s", CHURN, 35);
        view("push s", CHURN, 35 + lag, "a:2");
        List<String> during = List.of("25 start isolate n0", "100 healed isolate n0");
        FaultChecker within = new FaultChecker(() -> recording, 42, () -> during);
        within.checkNothingReappears();
        assertDoesNotThrow(within::assertNoViolations);

        List<String> before = List.of("31 start isolate n0", "100 healed isolate n0");
        FaultChecker notDuring = new FaultChecker(() -> recording, 42, () -> before);
        notDuring.checkNothingReappears();
        assertThrows(AssertionError.class, notDuring::assertNoViolations);

        view("push s", CHURN, 36 + lag, "a:2");
        FaultChecker after = new FaultChecker(() -> recording, 42, () -> during);
        after.checkNothingReappears();
        assertThrows(AssertionError.class, after::assertNoViolations);
    }

    @Test
    void aLegacyDeregistrationDuringAFaultMayComeBackButA2xOneMayNot() {
        cleanRun(System.currentTimeMillis());
        view("node n0", CHURN, 40, "a:2");
        List<String> journal = List.of("5 start isolate n0", "15 healed isolate n0");
        recording.legacy.add("c");
        FaultChecker legacy = new FaultChecker(() -> recording, 42, () -> journal);
        legacy.checkNothingReappears();
        assertDoesNotThrow(legacy::assertNoViolations);

        recording.legacy.clear();
        FaultChecker modern = new FaultChecker(() -> recording, 42, () -> journal);
        modern.checkNothingReappears();
        assertThrows(AssertionError.class, modern::assertNoViolations);
    }

    @Test
    void faultWindowsPairStartsWithHealsAndLeaveAnUnhealedOneOpen() {
        List<long[]> windows = FaultChecker.windows(List.of("10 start a", "12 start b", "20 healed a",
                "25 restarted n1"));
        assertEquals(2, windows.size());
        assertArrayEquals(new long[] {10, 20}, windows.get(0));
        assertArrayEquals(new long[] {12, Long.MAX_VALUE - FaultChecker.LEGACY_MERGE_MILLIS}, windows.get(1));
    }

    @Test
    void anEmptyPushWhileOwnInstanceIsRegisteredIsCaught() {
        cleanRun(System.currentTimeMillis());
        view("push c", STABLE, 50);
        FaultChecker checker = checker();
        checker.checkNoEmptyPush(STABLE);
        assertThrows(AssertionError.class, checker::assertNoViolations);
    }

    @Test
    void aLegacySubscriberMayBeShownALaggingNodesEmptyViewRightAfterItsRegistrationOnly() {
        cleanRun(System.currentTimeMillis());
        recording.legacy.add("c");
        view("push c", STABLE, 10 + FaultChecker.LEGACY_POLL_LAG_MILLIS);
        FaultChecker lagging = checker();
        lagging.checkNoEmptyPush(STABLE);
        assertDoesNotThrow(lagging::assertNoViolations);

        view("push c", STABLE, 11 + FaultChecker.LEGACY_POLL_LAG_MILLIS);
        FaultChecker later = checker();
        later.checkNoEmptyPush(STABLE);
        assertThrows(AssertionError.class, later::assertNoViolations);
    }

    @Test
    void aNodeMissingAnAcknowledgedInstanceIsNoAgreement() {
        long now = System.currentTimeMillis();
        cleanRun(now);
        view("node n1", STABLE, now);
        view("node n1", CHURN, now);
        AssertionError failure = assertThrows(AssertionError.class,
                () -> checker().awaitAgreement(Duration.ofMillis(600)));
        assertTrue(failure.getMessage().contains("node n1 shows svc [] instead of [a:1]"), failure.getMessage());
    }

    @Test
    void aRefusalWithoutACodeIsCaught() {
        cleanRun(System.currentTimeMillis());
        recording.acks.add(new Ack("c", 60, true, CHURN, "a:3", "none", "ACK 60 REG svc-churn a:3 FAIL none boom"));
        FaultChecker checker = checker();
        checker.checkRefusalsCoded();
        assertThrows(AssertionError.class, checker::assertNoViolations);
    }
}
