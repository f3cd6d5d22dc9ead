package io.jacos.auth;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Slows down password guessing, per client address and per user name ({@link AttemptCounts}): an attempt is
 * reserved for both before its password check, so attempts beyond the limit are refused without costing a check,
 * and the check's outcome settles it. A failure counts for both. A success clears the user name's failures only:
 * the address keeps its own, so good logins of one user cannot wipe out guesses made from the same address for
 * another.
 */
final class LoginThrottle {

    private final AttemptCounts addresses;
    private final AttemptCounts users;

    LoginThrottle(Clock clock, int maxFailures, long windowMillis, int maxAddresses, int maxUsers) {
        this.addresses = new AttemptCounts(clock, maxFailures, windowMillis, maxAddresses);
        this.users = new AttemptCounts(clock, maxFailures, windowMillis, maxUsers);
    }

    /**
     * Reserves one attempt for the address and the user name; settle it with exactly one of the {@link Attempt}
     * methods (further calls do nothing).
     *
     * @throws AccessRefused TOO_MANY_ATTEMPTS while the address or the user name is at its limit (nothing reserved)
     */
    Attempt reserve(String address, String username) {
        String addressKey = key(address);
        String userKey = key(username);
        if (!addresses.reserve(addressKey)) {
            throw tooMany();
        }
        if (!users.reserve(userKey)) {
            addresses.released(addressKey);
            throw tooMany();
        }
        return new Attempt(addressKey, userKey);
    }

    int trackedAddresses() {
        return addresses.tracked();
    }

    int trackedUsers() {
        return users.tracked();
    }

    static AccessRefused tooMany() {
        return new AccessRefused(AccessRefused.Reason.TOO_MANY_ATTEMPTS,
                "too many failed logins from this address or for this user; try again later");
    }

    private static String key(String value) {
        return value == null ? "" : value;
    }

    /** One reserved login attempt. */
    final class Attempt {

        private final String address;
        private final String user;
        private final AtomicBoolean open = new AtomicBoolean(true);

        private Attempt(String address, String user) {
            this.address = address;
            this.user = user;
        }

        void failed() {
            if (open.compareAndSet(true, false)) {
                addresses.failed(address);
                users.failed(user);
            }
        }

        void succeeded() {
            if (open.compareAndSet(true, false)) {
                addresses.released(address);
                users.cleared(user);
            }
        }

        /** No password was checked (no slot, or the store failed): the attempt counts for nothing. */
        void abandoned() {
            if (open.compareAndSet(true, false)) {
                addresses.released(address);
                users.released(user);
            }
        }
    }
}
