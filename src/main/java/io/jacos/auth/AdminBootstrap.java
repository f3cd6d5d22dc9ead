package io.jacos.auth;

import io.jacos.settings.AuthSettings;

import java.util.Optional;

/**
 * The first start with auth on: when no global admin is stored, user {@code nacos} is created with the role
 * {@code ROLE_ADMIN} and the password from {@code nacos.core.auth.admin.password}. There is no default password:
 * without the setting the server refuses to serve. The setting never resets a password, and never makes an existing
 * user admin (the server refuses then too).
 */
final class AdminBootstrap {

    static final String ADMIN_USER = "nacos";

    enum Outcome { ADMIN_EXISTS, ADMIN_CREATED }

    private AdminBootstrap() {
    }

    /** @throws IllegalStateException with the message to log when the server must refuse to start */
    static Outcome ensureAdmin(AuthSettings settings, AuthStore store, PasswordHash hasher) {
        boolean adminExists = store.roleBindings().stream().anyMatch(b -> UserAdmin.ADMIN_ROLE.equals(b.role()));
        if (adminExists) {
            return Outcome.ADMIN_EXISTS;
        }
        Optional<String> password = settings.adminPassword();
        if (password.isEmpty()) {
            throw new IllegalStateException("Auth is on (" + AuthSettings.ENABLED.name() + "=true) but no admin user exists "
                    + "and no initial password is set. Set the initial password of user '" + ADMIN_USER + "' with the "
                    + "setting " + AuthSettings.ADMIN_PASSWORD.name() + " or the environment variable "
                    + AuthSettings.ADMIN_PASSWORD_ENV + " (at least " + UserRules.MIN_PASSWORD_CHARS
                    + " characters), then start again. There is no default password.");
        }
        if (password.get().length() < UserRules.MIN_PASSWORD_CHARS) {
            throw new IllegalStateException("The initial admin password (" + AuthSettings.ADMIN_PASSWORD.name() + " / "
                    + AuthSettings.ADMIN_PASSWORD_ENV + ") is too short: it needs at least "
                    + UserRules.MIN_PASSWORD_CHARS + " characters.");
        }
        if (store.passwordHash(ADMIN_USER).isPresent()) {
            // Making an existing user admin would hand the role to whoever knows that user's password.
            throw new IllegalStateException("No global admin exists, and user '" + ADMIN_USER + "' exists without the "
                    + "role " + UserAdmin.ADMIN_ROLE + ": the initial password is not applied to it. Remove that user "
                    + "(table auth_user) or bind the role in the database, then start again.");
        }
        store.createUser(ADMIN_USER, hasher.hash(password.get()));
        store.bindRole(UserAdmin.ADMIN_ROLE, ADMIN_USER);
        return Outcome.ADMIN_CREATED;
    }
}
