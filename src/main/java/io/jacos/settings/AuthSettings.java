package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;
import java.util.Optional;

/**
 * Auth: whether it is on, the admin's first password and the token key (neither has a default: none is ever
 * assumed), token lifetime, the grants cache, the login throttle and password hashing, with Nacos's names where
 * Nacos has one (MicroProfile Config also reads each from its environment form, e.g.
 * {@code NACOS_CORE_AUTH_ADMIN_PASSWORD}).
 */
@ApplicationScoped
public class AuthSettings {

    public static final Setting ENABLED = new Setting("nacos.core.auth.enabled", "false");
    public static final Setting ADMIN_PASSWORD = Setting.withoutDefault("nacos.core.auth.admin.password");
    /** The admin password's environment form, named where the server says how to set it. */
    public static final String ADMIN_PASSWORD_ENV = "NACOS_CORE_AUTH_ADMIN_PASSWORD";
    public static final Setting SECRET_KEY = Setting.withoutDefault("nacos.core.auth.plugin.nacos.token.secret.key");
    public static final Setting TOKEN_TTL = new Setting("nacos.core.auth.plugin.nacos.token.expire.seconds", "18000");
    public static final Setting CACHE_MILLIS = new Setting("jacos.auth.cache-millis", "5000");
    public static final Setting CACHE_MAX_USERS = new Setting("jacos.auth.cache-max-users", "10000");
    public static final Setting LOGIN_MAX_FAILURES = new Setting("jacos.auth.login.max-failures", "10");
    public static final Setting LOGIN_FAILURE_WINDOW = new Setting("jacos.auth.login.failure-window", "60000");
    public static final Setting LOGIN_MAX_ADDRESSES = new Setting("jacos.auth.login.max-addresses", "10000");
    public static final Setting LOGIN_MAX_USERS = new Setting("jacos.auth.login.max-users", "10000");
    public static final Setting LOGIN_MAX_CONCURRENT_CHECKS = new Setting("jacos.auth.login.max-concurrent-checks",
            "2");
    public static final Setting LOGIN_CHECK_WAIT = new Setting("jacos.auth.login.check-wait", "1000");
    public static final Setting PASSWORD_ITERATIONS = new Setting("jacos.auth.password-iterations", "210000");

    static final List<Setting> SETTINGS = List.of(ENABLED, ADMIN_PASSWORD, SECRET_KEY, TOKEN_TTL, CACHE_MILLIS,
            CACHE_MAX_USERS, LOGIN_MAX_FAILURES, LOGIN_FAILURE_WINDOW, LOGIN_MAX_ADDRESSES, LOGIN_MAX_USERS,
            LOGIN_MAX_CONCURRENT_CHECKS, LOGIN_CHECK_WAIT, PASSWORD_ITERATIONS);

    private boolean enabled;
    private Optional<String> adminPassword = Optional.empty();
    private Optional<String> secretKey = Optional.empty();
    private long tokenTtlSeconds;
    private long grantsCacheMillis;
    private int grantsCacheMaxUsers;
    private int loginMaxFailures;
    private long loginFailureWindowMillis;
    private int loginMaxAddresses;
    private int loginMaxUsers;
    private int loginMaxConcurrentChecks;
    private long loginCheckWaitMillis;
    private int passwordIterations;

    /** For the container's proxy. */
    protected AuthSettings() {
    }

    @Inject
    public AuthSettings(Config config) {
        enabled = ENABLED.booleanValue(config);
        adminPassword = ADMIN_PASSWORD.optionalText(config);
        secretKey = SECRET_KEY.optionalText(config);
        tokenTtlSeconds = TOKEN_TTL.longValue(config);
        grantsCacheMillis = CACHE_MILLIS.longValue(config);
        grantsCacheMaxUsers = CACHE_MAX_USERS.intValue(config);
        loginMaxFailures = LOGIN_MAX_FAILURES.intValue(config);
        loginFailureWindowMillis = LOGIN_FAILURE_WINDOW.longValue(config);
        loginMaxAddresses = LOGIN_MAX_ADDRESSES.intValue(config);
        loginMaxUsers = LOGIN_MAX_USERS.intValue(config);
        loginMaxConcurrentChecks = LOGIN_MAX_CONCURRENT_CHECKS.intValue(config);
        loginCheckWaitMillis = LOGIN_CHECK_WAIT.longValue(config);
        passwordIterations = PASSWORD_ITERATIONS.intValue(config);
    }

    /**
     * Fixed values, the defaults for the rest except a cheap password hash (1,000 iterations): for tests, where a
     * real hash per user would cost seconds.
     */
    public static AuthSettings of(boolean enabled, String adminPassword, String secretKey) {
        AuthSettings settings = new AuthSettings();
        settings.enabled = enabled;
        settings.adminPassword = Optional.ofNullable(adminPassword);
        settings.secretKey = Optional.ofNullable(secretKey);
        settings.tokenTtlSeconds = Long.parseLong(TOKEN_TTL.defaultValue());
        settings.grantsCacheMillis = Long.parseLong(CACHE_MILLIS.defaultValue());
        settings.grantsCacheMaxUsers = Integer.parseInt(CACHE_MAX_USERS.defaultValue());
        settings.loginMaxFailures = Integer.parseInt(LOGIN_MAX_FAILURES.defaultValue());
        settings.loginFailureWindowMillis = Long.parseLong(LOGIN_FAILURE_WINDOW.defaultValue());
        settings.loginMaxAddresses = Integer.parseInt(LOGIN_MAX_ADDRESSES.defaultValue());
        settings.loginMaxUsers = Integer.parseInt(LOGIN_MAX_USERS.defaultValue());
        settings.loginMaxConcurrentChecks = Integer.parseInt(LOGIN_MAX_CONCURRENT_CHECKS.defaultValue());
        settings.loginCheckWaitMillis = Long.parseLong(LOGIN_CHECK_WAIT.defaultValue());
        settings.passwordIterations = 1000;
        return settings;
    }

    /** These settings with another number of concurrent password checks and wait for a free one (tests). */
    public AuthSettings withLoginChecks(int maxConcurrentChecks, long checkWaitMillis) {
        AuthSettings copy = new AuthSettings();
        copy.enabled = enabled;
        copy.adminPassword = adminPassword;
        copy.secretKey = secretKey;
        copy.tokenTtlSeconds = tokenTtlSeconds;
        copy.grantsCacheMillis = grantsCacheMillis;
        copy.grantsCacheMaxUsers = grantsCacheMaxUsers;
        copy.loginMaxFailures = loginMaxFailures;
        copy.loginFailureWindowMillis = loginFailureWindowMillis;
        copy.loginMaxAddresses = loginMaxAddresses;
        copy.loginMaxUsers = loginMaxUsers;
        copy.loginMaxConcurrentChecks = maxConcurrentChecks;
        copy.loginCheckWaitMillis = checkWaitMillis;
        copy.passwordIterations = passwordIterations;
        return copy;
    }

    public boolean enabled() {
        return enabled;
    }

    public Optional<String> adminPassword() {
        return adminPassword.filter(p -> !p.isEmpty());
    }

    public Optional<String> secretKey() {
        return secretKey.map(String::strip).filter(k -> !k.isEmpty());
    }

    public long tokenTtlSeconds() {
        return tokenTtlSeconds;
    }

    public long grantsCacheMillis() {
        return grantsCacheMillis;
    }

    public int grantsCacheMaxUsers() {
        return grantsCacheMaxUsers;
    }

    public int loginMaxFailures() {
        return loginMaxFailures;
    }

    public long loginFailureWindowMillis() {
        return loginFailureWindowMillis;
    }

    public int loginMaxAddresses() {
        return loginMaxAddresses;
    }

    public int loginMaxUsers() {
        return loginMaxUsers;
    }

    /** Password checks running at once, at least one. */
    public int loginMaxConcurrentChecks() {
        return Math.max(1, loginMaxConcurrentChecks);
    }

    public long loginCheckWaitMillis() {
        return Math.max(0, loginCheckWaitMillis);
    }

    public int passwordIterations() {
        return passwordIterations;
    }
}
