package io.jacos.it.fuzz;

import io.jacos.it.support.JacosServer;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

/**
 * Seeded, reproducible fuzzing of every way in (unary gRPC for naming and configurations, the bi-stream setup, the
 * naming, configuration, console, admin, login and user APIs over HTTP), once against a server with auth off and
 * once against one with auth on, each a server of its own ({@link FuzzRound} says what is sent and checked).
 * {@code jacos.fuzz.seed} picks the inputs, {@code jacos.fuzz.count} how many with auth off (default 100,000),
 * {@code jacos.fuzz.auth-count} how many with auth on (default a tenth of the count: the auth-on run repeats the
 * same kinds of input with credentials, and a tenth keeps it, server start included, under a minute of the suite
 * on two cores).
 */
class FuzzIT {

    private static final long SEED = Long.getLong("jacos.fuzz.seed", 20261201L);
    private static final long COUNT = Long.getLong("jacos.fuzz.count", 100_000L);
    private static final long AUTH_COUNT = Long.getLong("jacos.fuzz.auth-count", COUNT / 10);

    @Test
    @DisplayName("auth off: hostile input is refused cleanly and changes nothing")
    void authOff() throws Exception {
        try (JacosServer server = new JacosServer("fuzz", SharedServer.ownServerPort(9), SharedServer.settingsUsed())
                .start(); FuzzServer target = FuzzServer.authOff(server)) {
            new FuzzRound(target, SEED, COUNT).run();
        }
    }

    /**
     * Inputs carry no token, a bad one, or the token of a user with one namespace's grant. Passwords are hashed with
     * few iterations here: the run's wrong logins would otherwise cost a second of CPU each on this server's JVM.
     * Its own port: slots 10 to 22 would take another test server's gRPC port ({@code ownServerPort} + 1000).
     */
    @Test
    @DisplayName("auth on: hostile input with no, bad and too weak credentials is refused cleanly and changes nothing")
    void authOn() throws Exception {
        Map<String, String> settings = new HashMap<>(SharedAuthServer.settingsUsed());
        settings.put("jacos.auth.password-iterations", "1000");
        try (JacosServer server = new JacosServer("fuzz-auth", SharedServer.ownServerPort(23), settings).start();
             FuzzServer target = FuzzServer.authOn(server)) {
            new FuzzRound(target, SEED, AUTH_COUNT).run();
        }
    }
}
