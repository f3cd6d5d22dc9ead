package io.jacos.transport.http.forward;

import io.jacos.infrastructure.ClusterSecret;
import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Telling a peer's relay from a client's request: a MAC with the cluster secret, the node's address without. */
class PeerProofTest {

    private static final NodeId HERE = new NodeId("127.0.0.1", 8848);
    private static final NodeId PEER = new NodeId("127.0.0.2", 8848);
    private static final byte[] KEY = "a key of thirty-two bytes, exact".getBytes(StandardCharsets.UTF_8);
    private static final String CLIENT_ADDRESS = "10.9.9.9";
    private static final String PATH = "/nacos/v1/ns/instance";
    private static final String QUERY = "serviceName=DEFAULT_GROUP%40%40s&ip=10.1.1.1";
    private static final byte[] BODY = "port=8080&weight=2".getBytes(StandardCharsets.UTF_8);

    private final SteppedClock clock = new SteppedClock(1_700_000_000_000L);
    private final PeerProof peer = proof(PEER, Optional.of(KEY), 100);
    private final PeerProof here = proof(HERE, Optional.of(KEY), 100);

    private PeerProof proof(NodeId self, Optional<byte[]> key, int maxRemembered) {
        return new PeerProof(() -> key, new FixedMembers(self, List.of(HERE, PEER)), clock, maxRemembered);
    }

    private Map<String, String> signed() {
        return peer.headersFor("POST", PATH, QUERY, BODY);
    }

    private boolean accepted(PeerProof receiver, Map<String, String> headers) {
        return accepted(receiver, headers, "POST", PATH, QUERY, BODY);
    }

    private static boolean accepted(PeerProof receiver, Map<String, String> headers, String method, String path,
                                    String query, byte[] body) {
        return receiver.fromPeer(method, path, query, body, headers::get, CLIENT_ADDRESS);
    }

    private static Map<String, String> with(Map<String, String> headers, String name, String value) {
        Map<String, String> changed = new HashMap<>(headers);
        changed.put(name, value);
        return changed;
    }

    @Test
    void aRequestSignedByAPeerIsAcceptedFromAnyAddress() {
        Map<String, String> headers = signed();

        assertEquals(PEER.address(), headers.get(PeerProof.SENDER));
        assertTrue(accepted(here, headers));
    }

    @Test
    void aSignedRequestWithAnotherMethodPathQueryOrBodyIsRefused() {
        Map<String, String> headers = signed();

        assertFalse(accepted(here, headers, "DELETE", PATH, QUERY, BODY));
        assertFalse(accepted(here, headers, "POST", PATH + "/beat", QUERY, BODY));
        assertFalse(accepted(here, headers, "POST", PATH, QUERY + "&ip=10.1.1.2", BODY));
        assertFalse(accepted(here, headers, "POST", PATH, null, BODY));
        assertFalse(accepted(here, headers, "POST", PATH, QUERY, "port=8081&weight=2".getBytes(StandardCharsets.UTF_8)));
        assertTrue(accepted(here, headers), "refusals do not use the proof up");
    }

    @Test
    void anAlteredTimestampNonceSenderOrProofIsRefused() {
        Map<String, String> headers = signed();
        long sentAt = Long.parseLong(headers.get(PeerProof.TIME));

        assertFalse(accepted(here, with(headers, PeerProof.TIME, Long.toString(sentAt + 1))));
        assertFalse(accepted(here, with(headers, PeerProof.TIME, "soon")));
        assertFalse(accepted(here, with(headers, PeerProof.NONCE, "another-nonce")));
        assertFalse(accepted(here, with(headers, PeerProof.SENDER, HERE.address())));
        assertFalse(accepted(here, with(headers, PeerProof.PROOF, "not base64!")));
        assertFalse(accepted(here, with(headers, PeerProof.PROOF, null)));
        assertTrue(accepted(here, headers));
    }

    @Test
    void aProofMadeWithAnotherKeyIsRefused() {
        PeerProof stranger = proof(PEER, Optional.of("another key, also thirty-two b.".getBytes(StandardCharsets.UTF_8)),
                100);

        assertFalse(accepted(here, stranger.headersFor("POST", PATH, QUERY, BODY)));
    }

    @Test
    void aProofIsAcceptedOnceOnly() {
        Map<String, String> headers = signed();

        assertTrue(accepted(here, headers));
        assertFalse(accepted(here, headers), "a replay");
        assertTrue(accepted(here, signed()), "the same request relayed again carries a new nonce");
    }

    @Test
    void aProofIsAcceptedWithinThirtySecondsOfTheReceiversClockEitherWay() {
        Map<String, String> late = signed();
        Map<String, String> stale = signed();
        clock.advance(30_000);
        assertTrue(accepted(here, late));
        clock.advance(1);
        assertFalse(accepted(here, stale));

        Map<String, String> early = signed();
        Map<String, String> tooEarly = signed();
        clock.advance(-30_000);
        assertTrue(accepted(here, early));
        clock.advance(-1);
        assertFalse(accepted(here, tooEarly), "a sender whose clock runs ahead by more than the window");
    }

    @Test
    void withASecretTheNodesAddressAloneProvesNothing() {
        Map<String, String> marked = Map.of(PeerProof.SENDER, PEER.address());

        assertFalse(here.fromPeer("POST", PATH, QUERY, BODY, marked::get, PEER.host()));
    }

    @Test
    void withoutASecretAMarkedRequestCountsAsAPeersOnlyFromTheAddressOfAConfiguredNode() {
        PeerProof open = proof(HERE, Optional.empty(), 100);
        Map<String, String> headers = proof(PEER, Optional.empty(), 100).headersFor("POST", PATH, QUERY, BODY);

        assertEquals(Map.of(PeerProof.SENDER, PEER.address()), headers, "nothing to sign with");
        assertTrue(open.fromPeer("POST", PATH, QUERY, BODY, headers::get, "127.0.0.2"));
        assertTrue(open.fromPeer("POST", PATH, QUERY, BODY, headers::get, "127.0.0.1"), "a node on this host");
        assertFalse(open.fromPeer("POST", PATH, QUERY, BODY, headers::get, CLIENT_ADDRESS));
        assertFalse(open.fromPeer("POST", PATH, QUERY, BODY, headers::get, "localhost"), "only IP addresses");
        assertFalse(open.fromPeer("POST", PATH, QUERY, BODY, headers::get, null));
        assertFalse(open.fromPeer("POST", PATH, QUERY, BODY, Map.<String, String>of()::get, "127.0.0.2"),
                "not marked as a relay");
        assertTrue(open.fromPeer("POST", PATH, QUERY, BODY, headers::get, "127.0.0.2"), "no replay check to pass");
    }

    @Test
    void aStandaloneServerHasNoPeers() {
        PeerProof alone = new PeerProof(() -> Optional.of(KEY), FixedMembers.standalone(), clock, 100);
        Map<String, String> marked = Map.of(PeerProof.SENDER, PEER.address());

        assertFalse(alone.fromPeer("POST", PATH, QUERY, BODY, signed()::get, CLIENT_ADDRESS));
        assertFalse(alone.fromPeer("POST", PATH, QUERY, BODY, marked::get, "127.0.0.1"));
    }

    @Test
    void theProofsRememberedAreBoundedAndForgottenOnceOutOfTheWindow() {
        PeerProof small = proof(HERE, Optional.of(KEY), 2);

        assertTrue(accepted(small, signed()));
        assertTrue(accepted(small, signed()));
        assertFalse(accepted(small, signed()), "full of proofs still in the window: refused, none forgotten");
        assertEquals(2, small.remembered());

        clock.advance(30_001);
        assertTrue(accepted(small, signed()));
        assertEquals(1, small.remembered(), "the two older proofs left with the window");
    }

    @Test
    void nodesWithTheSameClusterSecretAcceptEachOthersProofsAndOthersDoNot() {
        PeerProof sender = new PeerProof(secret("the cluster's shared secret"), new FixedMembers(PEER, List.of(HERE, PEER)),
                clock);
        PeerProof receiver = new PeerProof(secret("the cluster's shared secret"), new FixedMembers(HERE,
                List.of(HERE, PEER)), clock);
        PeerProof otherCluster = new PeerProof(secret("another cluster's secret"), new FixedMembers(PEER,
                List.of(HERE, PEER)), clock);

        assertTrue(accepted(receiver, sender.headersFor("POST", PATH, QUERY, BODY)));
        assertFalse(accepted(receiver, otherCluster.headersFor("POST", PATH, QUERY, BODY)));
    }

    private static ClusterSecret secret(String value) {
        return new ClusterSecret() {
            @Override
            public boolean clusterMode() {
                return true;
            }

            @Override
            public Optional<String> value() {
                return Optional.of(value);
            }
        };
    }
}
