package io.jacos.it.fuzz;

import java.util.Base64;
import java.nio.charset.StandardCharsets;

/**
 * Who a fuzz input claims to be. With auth off nobody: no input needs a token, and some carry junk where one would
 * go. With auth on, an input carries no token, a bad one (junk, a forged or cut one, a real one with its signature
 * broken), or the token of {@link #userName()}, a user whose only grant is read and write in one namespace. The
 * admin's token is never in an input: it only takes the snapshots the run compares.
 */
record Callers(String adminToken, String userName, String userToken) {

    /** The name of the run's user (with auth off there is none, and the generators still aim at the name). */
    static final String USER = "fuzz-user";

    /** The role the user is bound to (as {@link io.jacos.it.support.AuthUsers} names it). */
    String roleName() {
        return "role-" + userName;
    }

    static Callers authOff() {
        return new Callers(null, USER, null);
    }

    boolean authOn() {
        return adminToken != null;
    }

    /** The token an input carries: null for none. Visible ASCII only, so that it fits in a header too. */
    String token(Hostile h) {
        if (!authOn()) {
            return h.chance(5) ? junk(h) : null;
        }
        return switch (h.below(3)) {
            case 0 -> null;
            case 1 -> bad(h);
            default -> userToken;
        };
    }

    private String bad(Hostile h) {
        return switch (h.below(6)) {
            case 0 -> junk(h);
            case 1 -> flipped(userToken, h);
            case 2 -> flipped(adminToken, h);
            case 3 -> adminToken.substring(0, adminToken.lastIndexOf('.') + 1);
            case 4 -> forged(h);
            default -> userToken.substring(0, h.below(userToken.length()));
        };
    }

    /** One character of the token changed: the signature no longer matches what it signs. */
    private static String flipped(String token, Hostile h) {
        int at = h.below(token.length());
        char now = token.charAt(at);
        return token.substring(0, at) + (now == 'A' ? 'B' : 'A') + token.substring(at + 1);
    }

    /** A token whose payload names the admin, signed with nothing, or with the user's signature. */
    private String forged(Hostile h) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString((h.chance(50) ? "{\"alg\":\"none\",\"typ\":\"JWT\"}"
                : "{\"alg\":\"HS256\",\"typ\":\"JWT\"}").getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(("{\"sub\":\"nacos\",\"exp\":" + Long.MAX_VALUE / 1000 + "}")
                .getBytes(StandardCharsets.UTF_8));
        String signature = h.chance(50) ? "" : userToken.substring(userToken.lastIndexOf('.') + 1);
        return header + "." + payload + "." + signature;
    }

    private static String junk(Hostile h) {
        return h.pick(new String[]{"", " ", "null", "Bearer", "x", "a.b.c", "...", "eyJ.eyJ.", "%00",
                "x".repeat(5000), "token-" + h.below(1000)});
    }
}
