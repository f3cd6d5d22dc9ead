package io.jacos.transport.grpc;

import io.grpc.Context;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.jacos.application.ClientSessionService;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.PushSettings;
import io.jacos.model.ChangeCause;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.transport.grpc.proto.Payload;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.Executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

/** How the bi-stream ends for what a client must not send on it: each stream ends once, its connection unregistered. */
class BiStreamServiceTest {

    private static final String SETUP = "{\"clientVersion\":\"Nacos-Java-Client:v2.5.1\",\"labels\":{\"module\":\"naming\"},"
            + "\"abilityTable\":{}}";

    private final ConnectionTable table;
    private final BiStreamService service;
    private final ConnectionMeta meta = new ConnectionMeta("c1", "10.0.0.1", 40000, 9848);

    {
        var tableSessions = new ClientSessionService() {
            @Override
            public void connected(ClientId client, ClientKind kind) {
            }

            @Override
            public boolean isConnected(ClientId client) {
                return false;
            }

            @Override
            public void disconnected(ClientId client, ChangeCause cause) {
            }

            @Override
            public void handingOff(ClientId client) {
            }
        };
        var tableConnectionSettings = new ConnectionSettings() {
            @Override
            public int maxConnections() {
                return 10;
            }

            @Override
            public int maxConnectionsPerIp() {
                return 10;
            }
        };
        var tablePushSettings = new PushSettings() {
            @Override
            public long pushTimeoutMillis() {
                return 5000;
            }
        };
        var tableClock = Clock.fixed(Instant.ofEpochMilli(1_000_000), ZoneOffset.UTC);
        var tableDrainMark = new io.jacos.cluster.DrainMark(new io.jacos.testing.RecordingEvent<>());
        var tableCodec = new PayloadCodec();
        var tableWorkers = new GrpcWorkers() {
            @Override
            public Executor pushWriters() {
                return Runnable::run;
            }
        };
        table = new ConnectionTable(tableSessions, tablePushSettings, tableConnectionSettings, tableClock, tableCodec,
                tableWorkers, tableDrainMark);
        ServerStatus status = new ServerStatus();
        status.serving(new InetSocketAddress("127.0.0.1", 9848));
        service = new BiStreamService(table, new PayloadCodec(), status);
    }

    private StreamObserver<Payload> open(FakeStream stream) throws Exception {
        return Context.current().withValue(ConnectionMeta.CONTEXT, meta).call(() -> service.requestBiStream(stream));
    }

    private static Payload setup(String body) {
        return new PayloadCodec().encodeBytes("ConnectionSetupRequest", com.google.protobuf.ByteString.copyFromUtf8(body));
    }

    @Test
    void aMessageThatIsNoPayloadEndsAStreamThatNeverSetUpWithInvalidArgument() throws Exception {
        FakeStream stream = new FakeStream();
        open(stream).onNext(PayloadMarshaller.UNREADABLE);

        assertEquals(1, stream.ends);
        assertEquals(Status.Code.INVALID_ARGUMENT, Status.fromThrowable(stream.failure).getCode());
        assertEquals(0, table.size());
    }

    @Test
    void aMessageThatIsNoPayloadAfterTheSetupUnregistersTheConnectionAndEndsItsStreamOnce() throws Exception {
        FakeStream stream = new FakeStream();
        StreamObserver<Payload> inbound = open(stream);
        inbound.onNext(setup(SETUP));
        assertEquals(1, table.size());
        assertEquals("SetupAckRequest", stream.written.get(0).getMetadata().getType());

        inbound.onNext(PayloadMarshaller.UNREADABLE);
        assertEquals(0, table.size());
        assertEquals(1, stream.ends);
    }

    @Test
    void aRepeatedSetupOverABoundUnregistersTheConnectionAndCompletesItsStreamOnce() throws Exception {
        FakeStream stream = new FakeStream();
        StreamObserver<Payload> inbound = open(stream);
        inbound.onNext(setup(SETUP));
        inbound.onNext(setup("{\"abilityTable\":{},\"clientVersion\":\"" + "v".repeat(200) + "\"}"));

        assertEquals(0, table.size());
        assertEquals(1, stream.ends);
        assertNull(stream.failure, "completed, as a refused first setup is");
    }

    @Test
    void aFirstSetupOverABoundCompletesTheStream() throws Exception {
        FakeStream stream = new FakeStream();
        open(stream).onNext(setup("{\"abilityTable\":{},\"tenant\":\"" + "t".repeat(200) + "\"}"));

        assertEquals(0, table.size());
        assertEquals(1, stream.ends);
        assertNull(stream.failure);
    }

    @Test
    void aUnaryRequestThatIsNoPayloadFailsWithInvalidArgumentAndNeverReachesTheDispatcher() {
        FakeStream answer = new FakeStream();
        new UnaryRequestService(null).request(PayloadMarshaller.UNREADABLE, answer);

        assertEquals(1, answer.ends);
        assertEquals(Status.Code.INVALID_ARGUMENT, Status.fromThrowable(answer.failure).getCode());
    }

    @Test
    void onlyBytesThatAreNoPayloadReadAsUnreadable() {
        PayloadMarshaller marshaller = marshaller();
        Payload setup = setup(SETUP);
        assertEquals(setup, marshaller.parse(marshaller.stream(setup)));
        for (byte[] bytes : new byte[][]{{0, 1, 2}, {0x0A, 0x7F, 1}, {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}}) {
            assertInstanceOf(Payload.class, marshaller.parse(new java.io.ByteArrayInputStream(bytes)));
            assertEquals(true, PayloadMarshaller.isUnreadable(marshaller.parse(new java.io.ByteArrayInputStream(bytes))));
        }
    }

    /** The marshaller every method of both services reads requests with. */
    private static PayloadMarshaller marshaller() {
        return (PayloadMarshaller) PayloadMarshaller.tolerant(new UnaryRequestService(null)).getMethods().iterator()
                .next().getMethodDescriptor().getRequestMarshaller();
    }
}
