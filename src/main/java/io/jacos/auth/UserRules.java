package io.jacos.auth;

import java.util.regex.Pattern;

/** What a user name, role name and password must look like; the messages are safe to show. */
final class UserRules {

    static final int MIN_PASSWORD_CHARS = 8;
    static final int MAX_PASSWORD_CHARS = 128;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.@-]{1,64}");

    private UserRules() {
    }

    static void checkName(String what, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new UserAdmin.Refused(UserAdmin.Refused.Kind.INVALID, what
                    + " must be 1 to 64 letters, digits or _ . @ -");
        }
    }

    static void checkPassword(String password) {
        if (password == null || password.length() < MIN_PASSWORD_CHARS || password.length() > MAX_PASSWORD_CHARS) {
            throw new UserAdmin.Refused(UserAdmin.Refused.Kind.INVALID, "password must have " + MIN_PASSWORD_CHARS
                    + " to " + MAX_PASSWORD_CHARS + " characters");
        }
    }
}
