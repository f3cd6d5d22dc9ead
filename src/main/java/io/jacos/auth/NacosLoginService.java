package io.jacos.auth;

import io.jacos.settings.AuthSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * {@link LoginService}: the stored PBKDF2 hash, a throttle per address and per user name ({@link LoginThrottle}), at
 * most {@code jacos.auth.login.max-concurrent-checks} password checks at once, and a token from {@link Tokens}. An
 * unknown user costs the same hashing time as a known one, so the answer time does not tell which names exist.
 *
 * <p>With auth off, every login succeeds with an empty token and nothing is checked: clients configured with a
 * username and password keep working against a server that does not check them (they send no token when it is
 * empty, and re-login only after {@code tokenTtl}).
 */
@ApplicationScoped
public class NacosLoginService implements LoginService {

    private static final Logger LOG = Logger.getLogger(NacosLoginService.class.getName());

    private AuthSettings settings;
    private AuthStore store;
    private Tokens tokens;
    private NacosAuthGate gate;
    private Clock clock;

    private LoginThrottle throttle;
    private Semaphore checks;
    private String decoyHash;

    /** For the container's proxy. */
    protected NacosLoginService() {
    }

    @Inject
    public NacosLoginService(AuthSettings settings, AuthStore store, Tokens tokens, NacosAuthGate gate, Clock clock) {
        this.settings = settings;
        this.store = store;
        this.tokens = tokens;
        this.gate = gate;
        this.clock = clock;
        init();
    }

    private void init() {
        throttle = new LoginThrottle(clock, settings.loginMaxFailures(), settings.loginFailureWindowMillis(),
                settings.loginMaxAddresses(), settings.loginMaxUsers());
        checks = new Semaphore(settings.loginMaxConcurrentChecks(), true);
        decoyHash = new PasswordHash(new java.security.SecureRandom(), settings.passwordIterations())
                .hash("decoy-password-never-matches");
    }

    @Override
    public LoginResult login(String username, String password, String clientIp) {
        if (!settings.enabled()) {
            return new LoginResult("", settings.tokenTtlSeconds(), true, username == null ? "" : username);
        }
        LoginThrottle.Attempt attempt = throttle.reserve(clientIp, username);
        Optional<String> passwordHash;
        try {
            passwordHash = checked(username, password);
            if (passwordHash.isEmpty()) {
                attempt.failed();
                // The address and the outcome only: never the password, and the name only as given length-limited.
                LOG.fine(() -> "failed login from " + clientIp);
                throw new AccessRefused(AccessRefused.Reason.BAD_CREDENTIALS, "unknown user or wrong password");
            }
            attempt.succeeded();
        } finally {
            attempt.abandoned();
        }
        Identity identity = gate.fresh(username);
        return new LoginResult(tokens.issue(username, passwordHash.get()), settings.tokenTtlSeconds(),
                identity != null && identity.globalAdmin(), username);
    }

    /**
     * The password check, in one of the few slots for it: each costs a fraction of a second of a core, so a login
     * flood could otherwise take every core from the requests the server is there for.
     *
     * @return the user's stored password hash when the password matches it; empty for a wrong password or user
     * @throws AccessRefused TOO_MANY_ATTEMPTS when no slot frees up within the wait (nothing was checked)
     */
    private Optional<String> checked(String username, String password) {
        try {
            if (!checks.tryAcquire(settings.loginCheckWaitMillis(), TimeUnit.MILLISECONDS)) {
                throw busy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw busy();
        }
        try {
            Optional<String> hash = username == null || username.isBlank() ? Optional.empty()
                    : store.passwordHash(username);
            boolean matches = PasswordHash.matches(password == null ? "" : password, hash.orElse(decoyHash));
            return matches ? hash : Optional.empty();
        } finally {
            checks.release();
        }
    }

    private static AccessRefused busy() {
        return new AccessRefused(AccessRefused.Reason.TOO_MANY_ATTEMPTS,
                "too many logins being checked at once; try again shortly");
    }
}
