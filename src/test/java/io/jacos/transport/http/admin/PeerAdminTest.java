package io.jacos.transport.http.admin;

import io.jacos.infrastructure.ClusterSecret;
import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.SteppedClock;
import io.jacos.transport.http.forward.PeerProof;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whether an admin request was relayed by a peer: only with a valid proof, judged once per request. */
class PeerAdminTest {

    private static final NodeId HERE = new NodeId("127.0.0.1", 8848);
    private static final NodeId PEER = new NodeId("127.0.0.2", 8848);
    private static final String PATH = "/nacos/admin/connections/c-1/reset";
    private static final String BODY = "{\"target\":\"127.0.0.1:8848\"}";

    private final PeerAdmin peers = new PeerAdmin();

    PeerAdminTest() {
        peers.proof = new PeerProof(new ClusterSecret() {
            @Override
            public boolean clusterMode() {
                return true;
            }

            @Override
            public Optional<String> value() {
                return Optional.of("the cluster's shared secret");
            }
        }, new FixedMembers(HERE, List.of(HERE, PEER)), new SteppedClock(1_700_000_000_000L));
    }

    @Test
    void aSignedRelayIsAPeersAndStaysSoForTheRestOfTheRequest() {
        Map<String, String> headers = peers.proof.headersFor("POST", PATH, null,
                BODY.getBytes(StandardCharsets.UTF_8));
        HttpServletRequest request = request(headers);

        assertTrue(peers.relayedByPeer(request, BODY));
        assertTrue(peers.relayedByPeer(request, BODY), "judged once: asking again is no replay");
        assertFalse(peers.relayedByPeer(request(headers), BODY), "the same proof on another request is one");
    }

    @Test
    void theHeaderAloneMakesNoPeer() {
        assertFalse(peers.relayedByPeer(request(Map.of(PeerProof.SENDER, PEER.address())), BODY));
    }

    private static HttpServletRequest request(Map<String, String> headers) {
        Map<String, Object> attributes = new HashMap<>();
        return (HttpServletRequest) Proxy.newProxyInstance(PeerAdminTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getMethod" -> "POST";
                    case "getRequestURI" -> PATH;
                    case "getQueryString" -> null;
                    case "getHeader" -> headers.get((String) args[0]);
                    case "getRemoteAddr" -> PEER.host();
                    case "getAttribute" -> attributes.get((String) args[0]);
                    case "setAttribute" -> attributes.put((String) args[0], args[1]);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }
}
