package io.jacos.it.support;

import java.time.Duration;

/**
 * Upper bounds for the asynchronous steps the tests wait on. They are generous on purpose: a slow machine
 * makes a test wait longer, never fail; a passing step returns as soon as it is observed.
 */
public final class Waits {

    /** A registry change reaching a subscriber (server push, typically well under a second). */
    public static final Duration PUSH = Duration.ofSeconds(30);

    /** A dead or frozen client being noticed and its instances removed. */
    public static final Duration EVICTION = Duration.ofSeconds(30);

    /** Clients reconnecting to a restarted server and redoing their registrations and subscriptions. */
    public static final Duration RECONNECT = Duration.ofSeconds(60);

    private Waits() {
    }
}
