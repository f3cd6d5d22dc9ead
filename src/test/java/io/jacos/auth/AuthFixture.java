package io.jacos.auth;

import io.jacos.infrastructure.ClusterSecret;
import io.jacos.settings.AuthSettings;
import io.jacos.testing.SteppedClock;

import java.util.Optional;
import java.util.function.UnaryOperator;

/** The auth beans wired by hand over a {@link MemoryAuthStore} and a stepped clock, with the admin bootstrapped. */
final class AuthFixture {

    static final String ADMIN_PASSWORD = "admin-pass-123";

    final SteppedClock clock = new SteppedClock(1_700_000_000_000L);
    final MemoryAuthStore store = new MemoryAuthStore();
    final AuthSettings settings;
    final Tokens tokens;
    final NacosAuthGate gate;
    final NacosLoginService logins;
    final NacosUserAdmin users;

    AuthFixture() {
        this(settings -> settings);
    }

    /** With the fixed test settings as {@code adjust} makes them. */
    AuthFixture(UnaryOperator<AuthSettings> adjust) {
        settings = adjust.apply(AuthSettings.of(true, ADMIN_PASSWORD, null));
        tokens = new Tokens(settings, standalone(), store, clock);
        gate = new NacosAuthGate(settings, tokens, store, clock);
        logins = new NacosLoginService(settings, store, tokens, gate, clock);
        users = new NacosUserAdmin(settings, store, gate);
        AdminBootstrap.ensureAdmin(settings, store, new PasswordHash(new java.security.SecureRandom(), 1000));
    }

    String login(String user, String password) {
        return logins.login(user, password, "10.0.0.1").accessToken();
    }

    static ClusterSecret standalone() {
        return secret(false, null);
    }

    static ClusterSecret secret(boolean clusterMode, String value) {
        return new ClusterSecret() {
            @Override
            public boolean clusterMode() {
                return clusterMode;
            }

            @Override
            public Optional<String> value() {
                return Optional.ofNullable(value);
            }
        };
    }
}
