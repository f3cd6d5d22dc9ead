package io.jacos.it.fuzz;

import java.util.SplittableRandom;

/**
 * The HTTP cases of a run, case {@code i} of seed {@code s} always the same: 50 % for the naming API and the console
 * ({@link HttpFuzz}), 25 % for the configuration API ({@link HttpConfigFuzz}), 17 % for the admin API
 * ({@link AdminFuzz}), 8 % for logins and the user API ({@link AuthFuzz}); each then carries the token its caller
 * has ({@link Callers}), where the clients put one.
 */
final class HttpCases {

    private final long seed;
    private final Callers callers;
    private final HttpFuzz naming;
    private final HttpConfigFuzz config;
    private final AdminFuzz admin;
    private final AuthFuzz auth;

    HttpCases(long seed, Known known, Callers callers) {
        this.seed = seed;
        this.callers = callers;
        this.naming = new HttpFuzz(seed, known);
        this.config = new HttpConfigFuzz(seed, known);
        this.admin = new AdminFuzz(seed, known, callers);
        this.auth = new AuthFuzz(seed, callers);
    }

    HttpCase generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0xA0761D6478BD642FL + index));
        int kind = h.below(100);
        HttpCase c = kind < 50 ? naming.generate(index) : kind < 75 ? config.generate(index) : kind < 92
                ? admin.generate(index) : auth.generate(index);
        if (c.rawQuery() != null) {
            // Sent byte for byte over a socket of its own, as generated.
            return c;
        }
        return c.withToken(callers.token(h), h.below(3));
    }
}
