package io.jacos.auth;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down password guessing: after {@code maxFailures} failed logins from one address within the window, that
 * address is refused until the window (counted from its first failure) has passed; a successful login clears it.
 * At most {@code maxAddresses} addresses are tracked; when full, expired ones go, and if none has expired, all do
 * (the throttle then forgets rather than grows: memory stays bounded under a spread-out attack).
 */
final class LoginThrottle {

    private record Window(long start, int failures) {
    }

    private final Clock clock;
    private final int maxFailures;
    private final long windowMillis;
    private final int maxAddresses;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    LoginThrottle(Clock clock, int maxFailures, long windowMillis, int maxAddresses) {
        this.clock = clock;
        this.maxFailures = maxFailures;
        this.windowMillis = windowMillis;
        this.maxAddresses = maxAddresses;
    }

    /** @throws AccessRefused TOO_MANY_ATTEMPTS while the address is throttled */
    void check(String address) {
        Window window = windows.get(key(address));
        if (window != null && window.failures() >= maxFailures && clock.millis() - window.start() < windowMillis) {
            throw new AccessRefused(AccessRefused.Reason.TOO_MANY_ATTEMPTS,
                    "too many failed logins from this address; try again later");
        }
    }

    void failed(String address) {
        long now = clock.millis();
        if (windows.size() >= maxAddresses) {
            windows.values().removeIf(w -> now - w.start() >= windowMillis);
            if (windows.size() >= maxAddresses) {
                windows.clear();
            }
        }
        windows.compute(key(address), (k, w) -> w == null || now - w.start() >= windowMillis
                ? new Window(now, 1) : new Window(w.start(), w.failures() + 1));
    }

    void succeeded(String address) {
        windows.remove(key(address));
    }

    int tracked() {
        return windows.size();
    }

    private static String key(String address) {
        return address == null ? "" : address;
    }
}
