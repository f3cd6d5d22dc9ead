package io.jacos.push;

import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import org.junit.jupiter.api.Test;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigLongPollsTest {

    private static final ConfigKey A = new ConfigKey("public", "G", "a");
    private static final ConfigKey B = new ConfigKey("public", "G", "b");

    @Test
    void aChangeToAnotherMd5AnswersOnceAndFreesTheSlot() {
        ConfigLongPolls polls = new ConfigLongPolls(10);
        List<List<ConfigKey>> answers = new CopyOnWriteArrayList<>();
        ConfigLongPolls.Poll poll = polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(A, "m1", B, "m2"),
                answers::add);
        polls.changed(A, view -> "m1");
        assertEquals(List.of(), answers, "the md5 the client holds is no change");
        polls.changed(B, view -> "m3");
        assertEquals(List.of(List.of(B)), answers);
        polls.changed(A, view -> "m4");
        assertEquals(1, answers.size(), "an ended poll is answered once");
        assertFalse(poll.answer(List.of()), "nor by its timeout");
        assertEquals(0, polls.held());
    }

    @Test
    void theHoldersOfAConfigurationAreThePollsHeldForItWithTheMd5TheirClientsHold() {
        ConfigLongPolls polls = new ConfigLongPolls(10);
        polls.hold("127.0.0.2", ConfigView.FORMAL, Map.of(A, "m1", B, "m2"), changed -> { });
        ConfigLongPolls.Poll other = polls.hold("127.0.0.3", ConfigView.FORMAL, Map.of(A, "m9"), changed -> { });
        assertEquals(Set.of(new ConfigLongPolls.Holder("127.0.0.2", "m1"), new ConfigLongPolls.Holder("127.0.0.3", "m9")),
                Set.copyOf(polls.holdersOf(A)));
        other.release();
        assertEquals(List.of(new ConfigLongPolls.Holder("127.0.0.2", "m1")), polls.holdersOf(A));
        polls.changed(A, view -> "m5");
        assertEquals(List.of(), polls.holdersOf(A), "an answered poll is no longer held");
        assertEquals(List.of(), polls.holdersOf(B));
    }

    @Test
    void overTheBoundNothingIsHeldAndAReleaseFreesASlot() {
        ConfigLongPolls polls = new ConfigLongPolls(2);
        ConfigLongPolls.Poll first = polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(A, "m"), changed -> { });
        assertNotNull(polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(A, "m"), changed -> { }));
        assertNull(polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(B, "m"), changed -> { }));
        assertEquals(2, polls.held());
        assertTrue(first.release());
        assertFalse(first.release());
        assertNotNull(polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(B, "m"), changed -> { }));
    }

    @Test
    void aReleasedPollIsNeverAnsweredAndLeavesNothingBehind() {
        ConfigLongPolls polls = new ConfigLongPolls(10);
        List<List<ConfigKey>> answers = new CopyOnWriteArrayList<>();
        polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(A, "m"), answers::add).release();
        polls.changed(A, view -> "other");
        assertEquals(List.of(), answers);
        assertEquals(0, polls.held());
        assertEquals(0, polls.configsWatched());
    }

    @Test
    void aPollAnsweredWhileItIsBeingTakenIsNotLeftUnderItsOtherConfigurations() {
        ConfigLongPolls polls = new ConfigLongPolls(10);
        List<List<ConfigKey>> answers = new CopyOnWriteArrayList<>();
        // The change to A lands after the poll was taken under A and before it is taken under B.
        Map<ConfigKey, String> md5s = new LinkedHashMap<>(Map.of(A, "m")) {
            @Override
            public Set<ConfigKey> keySet() {
                return new AbstractSet<>() {
                    @Override
                    public Iterator<ConfigKey> iterator() {
                        Iterator<ConfigKey> keys = List.of(A, B).iterator();
                        return new Iterator<>() {
                            @Override
                            public boolean hasNext() {
                                return keys.hasNext();
                            }

                            @Override
                            public ConfigKey next() {
                                ConfigKey key = keys.next();
                                if (key.equals(B)) {
                                    polls.changed(A, view -> "other");
                                }
                                return key;
                            }
                        };
                    }

                    @Override
                    public int size() {
                        return 2;
                    }
                };
            }
        };
        md5s.put(B, "m");
        polls.hold("127.0.0.1", ConfigView.FORMAL, md5s, answers::add);
        assertEquals(List.of(List.of(A)), answers);
        assertEquals(0, polls.held());
        assertEquals(0, polls.configsWatched(), "nothing left under B");
    }

    @Test
    void pollsTakenWhileChangesArriveAreEachAnsweredOnceAndNoneIsLeft() throws Exception {
        ConfigLongPolls polls = new ConfigLongPolls(100_000);
        List<ConfigKey> answered = new CopyOnWriteArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        int perThread = 5_000;
        try {
            for (int t = 0; t < 3; t++) {
                threads.execute(() -> {
                    await(start);
                    for (int i = 0; i < perThread; i++) {
                        polls.hold("127.0.0.1", ConfigView.FORMAL, Map.of(A, "old", B, "old"), answered::addAll);
                    }
                });
            }
            threads.execute(() -> {
                await(start);
                for (int i = 0; i < 20_000; i++) {
                    String now = "new" + i;
                    polls.changed(i % 2 == 0 ? A : B, view -> now);
                }
            });
            start.countDown();
            threads.shutdown();
            assertTrue(threads.awaitTermination(60, TimeUnit.SECONDS));
        } finally {
            threads.shutdownNow();
        }
        polls.changed(A, view -> "last");
        assertEquals(0, polls.held(), "every poll was answered by a change");
        assertEquals(3 * perThread, answered.size(), "once each");
        assertEquals(0, polls.configsWatched(), "no answered poll left under a configuration");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
