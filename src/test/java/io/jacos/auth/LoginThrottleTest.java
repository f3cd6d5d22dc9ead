package io.jacos.auth;

import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoginThrottleTest {

    private static final String GUESSER = "10.9.9.9";
    private final SteppedClock clock = new SteppedClock(1_700_000_000_000L);
    private final LoginThrottle throttle = new LoginThrottle(clock, 3, 60_000, 100, 100);

    @Test
    void concurrentWrongLoginsBeyondTheLimitGetNoPasswordCheck() throws Exception {
        int attempts = 30;
        AuthFixture auth = new AuthFixture(settings -> settings.withLoginChecks(attempts, 60_000));
        AtomicInteger checked = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        // Every check waits until each attempt has either reached its check or been refused: a throttle that
        // decided before counting would let all of them through to the check.
        auth.store.beforePasswordRead = () -> {
            checked.incrementAndGet();
            await().atMost(Duration.ofSeconds(10)).until(() -> checked.get() + refused.get() == attempts);
        };
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < attempts; i++) {
            threads.add(started(() -> {
                awaitQuietly(start);
                try {
                    auth.logins.login("nacos", "bad-guess", GUESSER);
                } catch (AccessRefused e) {
                    if (e.reason() == AccessRefused.Reason.TOO_MANY_ATTEMPTS) {
                        refused.incrementAndGet();
                    }
                }
            }));
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertEquals(10, checked.get());
        assertEquals(attempts - 10, refused.get());
    }

    @Test
    void aGoodLoginOfAnotherUserDoesNotClearTheAddress() {
        for (int round = 0; round < 3; round++) {
            throttle.reserve(GUESSER, "nacos").failed();
            if (round < 2) {
                throttle.reserve(GUESSER, "alice").succeeded();
            }
        }
        assertTooMany(() -> throttle.reserve(GUESSER, "alice"));
        throttle.reserve("10.0.0.2", "alice").succeeded();
    }

    @Test
    void aUserNameIsLimitedAcrossAddresses() {
        for (int i = 0; i < 3; i++) {
            throttle.reserve("10.1.0." + i, "nacos").failed();
        }
        assertTooMany(() -> throttle.reserve("10.2.0.1", "nacos"));
        throttle.reserve("10.2.0.1", "alice").succeeded();
    }

    @Test
    void aSuccessClearsTheUsersFailuresOnly() {
        throttle.reserve("10.1.0.1", "alice").failed();
        throttle.reserve("10.1.0.2", "alice").failed();
        throttle.reserve("10.1.0.3", "alice").succeeded();
        throttle.reserve("10.1.0.4", "alice").failed();
        throttle.reserve("10.1.0.5", "alice").failed();
        throttle.reserve("10.1.0.6", "alice").succeeded();
    }

    @Test
    void pendingAttemptsCountUntilSettled() {
        LoginThrottle.Attempt first = throttle.reserve(GUESSER, "nacos");
        LoginThrottle.Attempt second = throttle.reserve(GUESSER, "nacos");
        LoginThrottle.Attempt third = throttle.reserve(GUESSER, "nacos");
        assertTooMany(() -> throttle.reserve(GUESSER, "nacos"));
        first.abandoned();
        second.succeeded();
        second.failed();
        third.abandoned();
        throttle.reserve(GUESSER, "nacos").failed();
        throttle.reserve(GUESSER, "nacos").failed();
        throttle.reserve(GUESSER, "nacos").failed();
        assertTooMany(() -> throttle.reserve(GUESSER, "nacos"));
    }

    @Test
    void theWindowEndsTheRefusal() {
        for (int i = 0; i < 3; i++) {
            throttle.reserve(GUESSER, "nacos").failed();
        }
        clock.advance(59_999);
        assertTooMany(() -> throttle.reserve(GUESSER, "nacos"));
        clock.advance(1);
        throttle.reserve(GUESSER, "nacos").succeeded();
    }

    @Test
    void aRefusedUserNameCostsTheAddressNothing() {
        for (int i = 0; i < 3; i++) {
            throttle.reserve("10.1.0." + i, "nacos").failed();
        }
        for (int i = 0; i < 5; i++) {
            assertTooMany(() -> throttle.reserve(GUESSER, "nacos"));
        }
        throttle.reserve(GUESSER, "alice").succeeded();
    }

    @Test
    void bothCountsStayBounded() {
        for (int i = 0; i < 1000; i++) {
            throttle.reserve("10.1." + (i / 256) + "." + (i % 256), "user-" + i).failed();
        }
        assertTrue(throttle.trackedAddresses() <= 100, "addresses " + throttle.trackedAddresses());
        assertTrue(throttle.trackedUsers() <= 100, "users " + throttle.trackedUsers());
    }

    @Test
    void aLoginWithoutAFreeCheckSlotIsRefusedUnchecked() throws Exception {
        AuthFixture auth = new AuthFixture(settings -> settings.withLoginChecks(1, 0));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        auth.store.beforePasswordRead = () -> {
            if (holding.getCount() > 0) {
                holding.countDown();
                awaitQuietly(release);
            }
        };
        Thread first = started(() -> auth.login("nacos", AuthFixture.ADMIN_PASSWORD));
        assertTrue(holding.await(10, TimeUnit.SECONDS));
        int reads = auth.store.reads.get();
        assertTooMany(() -> auth.logins.login("nacos", AuthFixture.ADMIN_PASSWORD, "10.0.0.7"));
        assertEquals(reads, auth.store.reads.get());
        release.countDown();
        first.join(TimeUnit.SECONDS.toMillis(10));
        auth.store.beforePasswordRead = () -> { };
        // The refused attempt was not counted: the limit of 10 still has room for 9 failures and a success.
        for (int i = 0; i < 9; i++) {
            assertThrows(AccessRefused.class, () -> auth.logins.login("nacos", "bad-guess", "10.0.0.7"));
        }
        auth.logins.login("nacos", AuthFixture.ADMIN_PASSWORD, "10.0.0.7");
    }

    private static void assertTooMany(Runnable attempt) {
        assertEquals(AccessRefused.Reason.TOO_MANY_ATTEMPTS, assertThrows(AccessRefused.class, attempt::run).reason());
    }

    private static Thread started(Runnable work) {
        Thread thread = new Thread(work, "login-attempt");
        thread.start();
        return thread;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
