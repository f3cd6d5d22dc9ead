package io.jacos.transport.http.admin;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A relayed admin call carries the caller's token, so the peer checks the same caller (auth on). */
class PeerAdminTest {

    @Test
    void theCallersTokenGoesAlongAsItCameOrFromTheQuery() {
        assertEquals(Map.of("Authorization", List.of("Bearer t1")),
                PeerAdmin.credentials("Bearer t1", null, null));
        assertEquals(Map.of("accessToken", List.of("t2")), PeerAdmin.credentials(null, "t2", "accessToken=other"));
        assertEquals(Map.of("accessToken", List.of("a b+c")),
                PeerAdmin.credentials(null, null, "x=1&accessToken=a+b%2Bc&y=2"));
        assertEquals(Map.of(), PeerAdmin.credentials(null, null, "myaccessToken=x&accessTokens=y"));
        assertEquals(Map.of(), PeerAdmin.credentials(null, null, null));
    }
}
