package io.jacos.auth;

/** Logs a user in, as {@code POST /nacos/v1/auth/users/login} and the console's login page do. */
public interface LoginService {

    /**
     * @param clientIp counts failed attempts per address, so guessing passwords is slowed down
     * @throws AccessRefused BAD_CREDENTIALS or TOO_MANY_ATTEMPTS
     */
    LoginResult login(String username, String password, String clientIp);

    /** What the real clients read from the login answer: {@code accessToken}, {@code tokenTtl} (s), {@code globalAdmin}. */
    record LoginResult(String accessToken, long tokenTtlSeconds, boolean globalAdmin, String username) {
    }
}
