package io.jacos.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Optional;

/**
 * The auth settings, with Nacos's names where Nacos has one (MicroProfile Config also reads each from its
 * environment form, e.g. {@code NACOS_CORE_AUTH_ADMIN_PASSWORD}). There is no default password and no default key.
 */
@ApplicationScoped
public class AuthSettings {

    static final String ENABLED = "nacos.core.auth.enabled";
    static final String ADMIN_PASSWORD = "nacos.core.auth.admin.password";
    static final String ADMIN_PASSWORD_ENV = "NACOS_CORE_AUTH_ADMIN_PASSWORD";
    static final String SECRET_KEY = "nacos.core.auth.plugin.nacos.token.secret.key";

    @Inject @ConfigProperty(name = ENABLED, defaultValue = "false")
    boolean enabled;
    @Inject @ConfigProperty(name = ADMIN_PASSWORD)
    Optional<String> adminPassword;
    @Inject @ConfigProperty(name = SECRET_KEY)
    Optional<String> secretKey;
    @Inject @ConfigProperty(name = "nacos.core.auth.plugin.nacos.token.expire.seconds", defaultValue = "18000")
    long tokenTtlSeconds;
    @Inject @ConfigProperty(name = "jacos.auth.cache-millis", defaultValue = "5000")
    long grantsCacheMillis;
    @Inject @ConfigProperty(name = "jacos.auth.cache-max-users", defaultValue = "10000")
    int grantsCacheMaxUsers;
    @Inject @ConfigProperty(name = "jacos.auth.login.max-failures", defaultValue = "10")
    int loginMaxFailures;
    @Inject @ConfigProperty(name = "jacos.auth.login.failure-window", defaultValue = "60000")
    long loginFailureWindowMillis;
    @Inject @ConfigProperty(name = "jacos.auth.login.max-addresses", defaultValue = "10000")
    int loginMaxAddresses;
    @Inject @ConfigProperty(name = "jacos.auth.login.max-users", defaultValue = "10000")
    int loginMaxUsers;
    @Inject @ConfigProperty(name = "jacos.auth.login.max-concurrent-checks", defaultValue = "2")
    int loginMaxConcurrentChecks;
    @Inject @ConfigProperty(name = "jacos.auth.login.check-wait", defaultValue = "1000")
    long loginCheckWaitMillis;
    @Inject @ConfigProperty(name = "jacos.auth.password-iterations", defaultValue = "210000")
    int passwordIterations;

    /** For CDI. */
    public AuthSettings() {
    }

    /** Fixed values (tests). */
    static AuthSettings of(boolean enabled, String adminPassword, String secretKey) {
        AuthSettings settings = new AuthSettings();
        settings.enabled = enabled;
        settings.adminPassword = Optional.ofNullable(adminPassword);
        settings.secretKey = Optional.ofNullable(secretKey);
        settings.tokenTtlSeconds = 18000;
        settings.grantsCacheMillis = 5000;
        settings.grantsCacheMaxUsers = 10000;
        settings.loginMaxFailures = 10;
        settings.loginFailureWindowMillis = 60000;
        settings.loginMaxAddresses = 10000;
        settings.loginMaxUsers = 10000;
        settings.loginMaxConcurrentChecks = 2;
        settings.loginCheckWaitMillis = 1000;
        settings.passwordIterations = 1000;
        return settings;
    }

    public boolean enabled() {
        return enabled;
    }

    Optional<String> adminPassword() {
        return adminPassword.filter(p -> !p.isEmpty());
    }

    Optional<String> secretKey() {
        return secretKey.map(String::strip).filter(k -> !k.isEmpty());
    }

    public long tokenTtlSeconds() {
        return tokenTtlSeconds;
    }

    long grantsCacheMillis() {
        return grantsCacheMillis;
    }

    int grantsCacheMaxUsers() {
        return grantsCacheMaxUsers;
    }

    int loginMaxFailures() {
        return loginMaxFailures;
    }

    long loginFailureWindowMillis() {
        return loginFailureWindowMillis;
    }

    int loginMaxAddresses() {
        return loginMaxAddresses;
    }

    int loginMaxUsers() {
        return loginMaxUsers;
    }

    /** Password checks running at once, at least one. */
    int loginMaxConcurrentChecks() {
        return Math.max(1, loginMaxConcurrentChecks);
    }

    long loginCheckWaitMillis() {
        return Math.max(0, loginCheckWaitMillis);
    }

    int passwordIterations() {
        return passwordIterations;
    }
}
