package io.jacos.transport.grpc;

import io.jacos.application.ClientSessionService;
import io.jacos.model.ChangeCause;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.PushSettings;
import io.jacos.testing.RecordingEvent;
import io.jacos.testing.SteppedClock;
import io.jacos.transport.grpc.dto.ConnectionSetupBody;
import io.jacos.transport.grpc.proto.Payload;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Registration, limits, the transport-ended race and the blocked-push eviction, with a fixed clock. */
class ConnectionTableTest {

    private static final int MAX = 3;
    private static final int PER_IP = 2;
    private static final long BLOCKED_TIMEOUT = 60_000;

    /** The registry's side of sessions: which clients exist, plus a step the test runs inside a connect. */
    private final class Sessions implements ClientSessionService {
        Runnable duringConnect = () -> { };

        @Override
        public void connected(ClientId client, ClientKind kind) {
            connected.add(client);
            duringConnect.run();
        }

        @Override
        public boolean isConnected(ClientId client) {
            return connected.contains(client);
        }

        @Override
        public void disconnected(ClientId client, ChangeCause cause) {
            connected.remove(client);
        }

        @Override
        public void handingOff(ClientId client) {
            handingOff.add(client);
            duringHandingOff.run();
        }

        Runnable duringHandingOff = () -> { };
    }

    private final Set<ClientId> connected = ConcurrentHashMap.newKeySet();
    private final List<ClientId> handingOff = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Sessions sessions = new Sessions();
    private final SteppedClock clock = new SteppedClock(1_000_000);
    private final PayloadCodec codec = new PayloadCodec();
    private final ConnectionTable table = new ConnectionTable(sessions, pushSettings(), connectionSettings(), clock,
            codec, directWorkers(), new io.jacos.cluster.DrainMark(new RecordingEvent<>()));

    private static ConnectionSettings connectionSettings() {
        return new ConnectionSettings() {
            @Override
            public int maxConnections() {
                return MAX;
            }

            @Override
            public int maxConnectionsPerIp() {
                return PER_IP;
            }
        };
    }

    private static PushSettings pushSettings() {
        return new PushSettings() {
            @Override
            public long pushTimeoutMillis() {
                return 5000;
            }

            @Override
            public long pushBlockedTimeoutMillis() {
                return ConnectionTableTest.BLOCKED_TIMEOUT;
            }
        };
    }

    private static GrpcWorkers directWorkers() {
        return new GrpcWorkers() {
            @Override
            public Executor pushWriters() {
                return Runnable::run;
            }
        };
    }

    private static ConnectionMeta meta(String id, String ip) {
        return new ConnectionMeta(id, ip, 40000, 9848);
    }

    private boolean register(ConnectionMeta meta, FakeStream stream) {
        return table.register(meta, new ConnectionSetupBody("test", null, Map.of(), Map.of()), meta.remoteIp(),
                stream);
    }

    @Test
    void connectionsStopAtTheGlobalAndThePerIpLimit() {
        assertTrue(register(meta("a1", "10.0.0.1"), new FakeStream()));
        assertTrue(register(meta("a2", "10.0.0.1"), new FakeStream()));
        assertFalse(register(meta("a3", "10.0.0.1"), new FakeStream()), "the third from one IP");
        assertTrue(register(meta("b1", "10.0.0.2"), new FakeStream()));
        assertFalse(register(meta("c1", "10.0.0.3"), new FakeStream()), "the fourth in all");
        assertEquals(Set.of(new ClientId("a1"), new ClientId("a2"), new ClientId("b1")), connected);

        table.unregister("b1", "test", ChangeCause.CONNECTION_CLOSED);
        assertTrue(register(meta("c1", "10.0.0.3"), new FakeStream()), "a freed place is taken again");
    }

    @Test
    void aClosedConnectionFreesItsPlaceInItsIpsLimit() {
        assertTrue(register(meta("a1", "10.0.0.1"), new FakeStream()));
        assertTrue(register(meta("a2", "10.0.0.1"), new FakeStream()));
        table.unregister("a1", "test", ChangeCause.CONNECTION_CLOSED);
        table.unregister("a1", "closed twice", ChangeCause.CONNECTION_CLOSED);
        assertEquals(1, table.countFrom("10.0.0.1"), "counted down once");

        assertTrue(register(meta("a3", "10.0.0.1"), new FakeStream()), "the freed place is taken again");
        assertFalse(register(meta("a4", "10.0.0.1"), new FakeStream()));
    }

    @Test
    void aRepeatedSetupOnARegisteredStreamCountsOnce() {
        ConnectionMeta meta = meta("a1", "10.0.0.1");
        assertTrue(register(meta, new FakeStream()));
        assertTrue(register(meta, new FakeStream()), "the same connection, still registered");
        assertEquals(1, table.countFrom("10.0.0.1"));
        assertTrue(register(meta("a2", "10.0.0.1"), new FakeStream()), "a second connection from the IP fits");
    }

    @Test
    void refusedAndEndedSetupsLeaveNothingCounted() {
        ConnectionMeta gone = meta("gone", "10.0.0.1");
        gone.markTerminated();
        assertFalse(register(gone, new FakeStream()));
        ConnectionMeta racing = meta("racing", "10.0.0.1");
        sessions.duringConnect = () -> {
            racing.markTerminated();
            table.transportClosed(racing);
        };
        assertFalse(register(racing, new FakeStream()));
        sessions.duringConnect = () -> { };

        assertEquals(0, table.countFrom("10.0.0.1"));
        assertTrue(register(meta("a1", "10.0.0.1"), new FakeStream()));
        assertTrue(register(meta("a2", "10.0.0.1"), new FakeStream()));
    }

    @Test
    void aTransportThatEndedBeforeItsSetupRanLeavesNoClient() {
        ConnectionMeta meta = meta("gone", "10.0.0.1");
        meta.markTerminated();
        table.transportClosed(meta);
        assertFalse(register(meta, new FakeStream()));
        assertTrue(connected.isEmpty());
        assertEquals(0, table.size());
    }

    @Test
    void aTransportThatEndsWhileItsSetupRunsLeavesNoClient() {
        ConnectionMeta meta = meta("racing", "10.0.0.1");
        sessions.duringConnect = () -> {
            // The transport ends now, and its clean-up runs before the setup has finished.
            meta.markTerminated();
            table.transportClosed(meta);
        };
        FakeStream stream = new FakeStream();
        assertFalse(register(meta, stream));
        assertTrue(connected.isEmpty(), "the client the setup created is removed again");
        assertEquals(0, table.size());
        assertTrue(stream.completed);
    }

    @Test
    void aConnectionWhosePushesStayBlockedIsDroppedAfterTheBlockedTimeout() {
        FakeStream stream = new FakeStream();
        stream.ready = false;
        ConnectionMeta meta = meta("slow", "10.0.0.1");
        assertTrue(register(meta, stream));
        ServiceKey service = new ServiceKey("public", "G", "s");
        GrpcConnection connection = table.find("slow").orElseThrow();
        connection.outbox().offer(new Subscription(service, ""),
                () -> new ServiceView(service, 1, 1, true, io.jacos.model.ServiceMeta.DEFAULT, List.of()),
                (view, readMark, subscription, requestId) -> Payload.getDefaultInstance());

        clock.advance(BLOCKED_TIMEOUT - 1);
        table.sweep();
        assertEquals(1, table.size(), "a slow reader is given the blocked timeout");

        clock.advance(1);
        table.sweep();
        assertEquals(0, table.size());
        assertTrue(connected.isEmpty(), "its client leaves the registry");
    }

    @Test
    void theSweepVisitsOnlyConnectionsWaitingOnADeadlineAndFailsAnOverdueProbe() {
        assertTrue(register(meta("probed", "10.0.0.2"), new FakeStream()));
        assertTrue(register(meta("quiet", "10.0.0.3"), new FakeStream()));
        assertEquals(0, table.waitingCount(), "nothing outstanding, nothing for the sweep");

        java.util.concurrent.CompletableFuture<Boolean> alive = table.probe("probed", 1000).toCompletableFuture();
        assertEquals(1, table.waitingCount(), "only the probed connection waits on a deadline");
        clock.advance(999);
        table.sweep();
        assertFalse(alive.isDone());
        assertEquals(1, table.waitingCount(), "still waiting, so still swept");

        clock.advance(1);
        table.sweep();
        assertFalse(alive.join(), "no answer by the deadline: the probe failed");
        assertEquals(0, table.waitingCount());
        assertEquals(2, table.size(), "evicting is the health check's decision, not the sweep's");
    }

    @Test
    void connectionIdsListTheOldestRegistrationFirst() {
        clock.advance(5);
        assertTrue(register(meta("newer", "10.0.0.1"), new FakeStream()));
        clock.advance(-5);
        assertTrue(register(meta("older-b", "10.0.0.2"), new FakeStream()));
        assertTrue(register(meta("older-a", "10.0.0.3"), new FakeStream()));

        assertEquals(List.of("older-a", "older-b", "newer"), table.ids(), "same time: by id");
    }

    @Test
    void aMoveMarksTheClientHandingOffThenAsksItToResetToTheTargetsMainPort() throws Exception {
        GrpcConnectionHandoff handoff = new GrpcConnectionHandoff(table, codec, sessions,
                new io.jacos.testing.FixedMembers(new io.jacos.model.NodeId("10.0.0.1", 8848), List.of(
                        new io.jacos.model.NodeId("10.0.0.1", 8848), new io.jacos.model.NodeId("10.0.0.9", 8850))));
        FakeStream stream = new FakeStream();
        assertTrue(register(meta("c1", "10.0.0.1"), stream));
        sessions.duringHandingOff = () -> assertTrue(stream.written.isEmpty(), "marked before the request is sent");

        assertTrue(handoff.moveTo("c1", new io.jacos.model.NodeId("10.0.0.9", 8850)));

        assertEquals(List.of(new ClientId("c1")), handingOff);
        Payload sent = stream.written.get(stream.written.size() - 1);
        assertEquals("ConnectResetRequest", sent.getMetadata().getType());
        var body = new com.fasterxml.jackson.databind.ObjectMapper().readTree(sent.getBody().getValue().toByteArray());
        assertEquals("10.0.0.9", body.get("serverIp").textValue());
        assertEquals("8850", body.get("serverPort").textValue(), "a string, the main port");
        assertEquals("c1", body.get("connectionId").textValue());
        assertEquals("internal", body.get("module").textValue());
        assertEquals(1, handoff.connectionCount(), "the client closes it itself, after it reconnected");
    }

    @Test
    void whereNodesShareAHostTheClientIsSentToTheNextServerOfItsListInstead() throws Exception {
        io.jacos.model.NodeId self = new io.jacos.model.NodeId("127.0.0.1", 8848);
        io.jacos.model.NodeId peer = new io.jacos.model.NodeId("127.0.0.1", 8858);
        GrpcConnectionHandoff handoff = new GrpcConnectionHandoff(table, codec, sessions,
                new io.jacos.testing.FixedMembers(self, List.of(self, peer)));
        FakeStream stream = new FakeStream();
        assertTrue(register(meta("c1", "10.0.0.1"), stream));

        assertTrue(handoff.moveTo("c1", peer));

        Payload sent = stream.written.get(stream.written.size() - 1);
        var body = new com.fasterxml.jackson.databind.ObjectMapper().readTree(sent.getBody().getValue().toByteArray());
        assertFalse(body.has("serverIp"), "no ip: the client would take the first server with it");
        assertFalse(body.has("serverPort"));
        assertEquals("c1", body.get("connectionId").textValue());
    }

    @Test
    void aMoveOfAnUnknownConnectionDoesNothing() {
        GrpcConnectionHandoff handoff = new GrpcConnectionHandoff(table, codec, sessions, null);

        assertFalse(handoff.moveTo("gone", new io.jacos.model.NodeId("10.0.0.9", 8850)));
        assertTrue(handingOff.isEmpty());
    }
}
