package io.jacos.transport.http.forward;

import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Relaying a request to a peer on the loopback, and giving up on one that is gone or stalls. */
class PeerForwardingComponentTest {

    private static final NodeId SELF = new NodeId("127.0.0.1", 8848);

    private final PeerForwarding forwarding = new PeerForwarding(PeerForwarding.client(null),
            (method, path, query, body) -> Map.of(PeerForwarding.FORWARDED_BY, SELF.address()), Duration.ofMillis(500));

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
    void aRelayCarriesTheProofOfItsOriginAndThePeerAcceptsIt() throws Exception {
        SteppedClock clock = new SteppedClock(1_700_000_000_000L);
        byte[] key = "a key of thirty-two bytes, exact".getBytes(StandardCharsets.UTF_8);
        try (FakePeer peer = new FakePeer()) {
            List<NodeId> nodes = List.of(SELF, peer.node());
            PeerProof mine = new PeerProof(() -> Optional.of(key), new FixedMembers(SELF, nodes), clock, 10);
            PeerProof theirs = new PeerProof(() -> Optional.of(key), new FixedMembers(peer.node(), nodes), clock, 10);
            new PeerForwarding(PeerForwarding.client(null), mine, Duration.ofMillis(500)).forward(peer.node(), beat());

            FakePeer.Seen seen = peer.next();
            assertEquals(SELF.address(), seen.headers().getFirst(PeerProof.SENDER));
            assertTrue(theirs.fromPeer(seen.method(), seen.path(), seen.query(),
                    seen.body().getBytes(StandardCharsets.UTF_8), seen.headers()::getFirst, "10.9.9.9"));
        }
    }

    @Test
    void aFailedRelayIsLoggedWithThePeerAndTheKindOfFailureButNeverTheRequestsUri() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        NodeId gone = new NodeId("127.0.0.1", closedPort);
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Logger logger = Logger.getLogger(PeerForwarding.class.getName());
        Level level = logger.getLevel();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        logger.setLevel(Level.ALL);
        try {
            forwarding.forward(gone, new PeerForwarding.Relayed("PUT", "/nacos/v1/ns/instance/beat",
                    "serviceName=s&accessToken=SECRET-TOKEN&beat={\"ip\":\"10.1.1.1\"}", Map.of(), new byte[0]));
            forwarding.forward(gone, new PeerForwarding.Relayed("PUT", "/nacos/v1/ns/instance/beat",
                    "serviceName=s&accessToken=SECRET-TOKEN", Map.of(), new byte[0]));
        } finally {
            logger.removeHandler(capture);
            logger.setLevel(level);
        }

        for (LogRecord record : logged) {
            String message = record.getMessage();
            assertTrue(message.contains(gone.toString()), message);
            assertFalse(message.contains("SECRET-TOKEN") || message.contains("accessToken")
                    || message.contains("serviceName"), message);
            assertNull(record.getThrown(), "a stack trace would carry the exception's message");
        }
        assertEquals(2, logged.size(), () -> logged.stream().map(LogRecord::getMessage).toList().toString());
        assertTrue(logged.get(0).getMessage().contains("IllegalArgumentException"), logged.get(0).getMessage());
        assertTrue(logged.get(1).getMessage().contains("ConnectException"), logged.get(1).getMessage());
        assertEquals(Level.WARNING, logged.get(1).getLevel());
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
