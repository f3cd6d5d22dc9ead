package io.jacos.transport.http.forward;

import io.jacos.model.NodeId;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Relaying a request to a peer on the loopback, and giving up on one that is gone or stalls. */
class PeerForwardingTest {

    private static final NodeId SELF = new NodeId("127.0.0.1", 8848);

    private final PeerForwarding forwarding = new PeerForwarding(PeerForwarding.client(null), SELF,
            Duration.ofMillis(500));

    private static PeerForwarding.Relayed beat() {
        return new PeerForwarding.Relayed("PUT", "/nacos/v1/ns/instance/beat", "serviceName=DEFAULT_GROUP%40%40s",
                Map.of("User-Agent", List.of("Nacos-Java-Client:v1.4.6"),
                        "Content-Type", List.of("application/x-www-form-urlencoded"),
                        "Host", List.of("10.0.0.1:8848"), "X-Other", List.of("x")),
                "beat=%7B%7D".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theRequestArrivesAsSentMarkedWithThisNodeAndThePeersAnswerComesBack() throws Exception {
        try (FakePeer peer = new FakePeer()) {
            Optional<PeerForwarding.Answer> answer = forwarding.forward(peer.node(), beat());

            assertTrue(answer.isPresent());
            assertEquals(201, answer.get().status());
            assertEquals("text/plain;charset=UTF-8", answer.get().contentType());
            assertArrayEquals("ok".getBytes(StandardCharsets.UTF_8), answer.get().body());
            FakePeer.Seen seen = peer.next();
            assertEquals("PUT", seen.method());
            assertEquals("/nacos/v1/ns/instance/beat", seen.path());
            assertEquals("serviceName=DEFAULT_GROUP%40%40s", seen.query());
            assertEquals("beat=%7B%7D", seen.body());
            assertEquals("127.0.0.1:8848", seen.headers().getFirst(PeerForwarding.FORWARDED_BY));
            assertEquals("Nacos-Java-Client:v1.4.6", seen.headers().getFirst("User-Agent"));
            assertEquals("application/x-www-form-urlencoded", seen.headers().getFirst("Content-Type"));
            assertNull(seen.headers().getFirst("X-Other"), "only client-identifying headers are relayed");
            assertEquals(peer.node().address(), seen.headers().getFirst("Host"), "the peer's own host");
        }
    }

    @Test
    void aPeerThatIsGoneYieldsNothing() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertEquals(Optional.empty(), forwarding.forward(new NodeId("127.0.0.1", closedPort), beat()));
    }

    @Test
    void aPeerThatDoesNotAnswerInTheTimeoutYieldsNothing() throws Exception {
        try (FakePeer peer = new FakePeer()) {
            peer.stall = true;
            assertEquals(Optional.empty(), forwarding.forward(peer.node(), beat()));
        }
    }
}
