package io.jacos.application.internal;

import io.jacos.model.ChangeOrigin;
import io.jacos.event.BeatReceived;
import io.jacos.testing.RecordingEvent;
import io.jacos.application.InstanceSpec;
import io.jacos.application.IpPortClientService.BeatAnswer;
import io.jacos.application.IpPortClientService.BeatSpec;
import io.jacos.application.ServiceRef;
import io.jacos.event.ServiceChanged;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.settings.BeatSettings;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static io.jacos.application.validation.Refusals.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 1.x clients on a real registry with a hand-driven clock: beats, expiry, heal, marks, UDP subscriptions. */
class IpPortClientLifecycleTest {

    private static final ServiceRef SVC = new ServiceRef(null, null, "orders");
    private static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final ClientId CLIENT = ClientId.ofIpPort("10.0.0.1", 8080, true);
    /** The TCP peer of the list calls. */
    private static final String SOURCE = "192.168.50.1";

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now.get());
        }
    };
    private final List<Object> events = TestRegistries.eventList();
    private Registry registry;
    private DefaultIpPortClientService clients;
    private SubscriberSources sources;
    private final RecordingEvent<BeatReceived> beats = new RecordingEvent<>();

    @BeforeEach
    void wire() {
        registry = TestRegistries.create(clock, events);
        BeatSettings beatSettings = new BeatSettings() {
            @Override
            public long beatIntervalMillis() {
                return 5000;
            }

            @Override
            public long beatUnhealthyTimeoutMillis() {
                return 15_000;
            }

            @Override
            public long beatDeleteTimeoutMillis() {
                return 30_000;
            }

            @Override
            public boolean expireInstances() {
                return true;
            }

            @Override
            public boolean lightBeatEnabled() {
                return true;
            }
        };
        NamingSettings namingSettings = new NamingSettings() {
            @Override
            public int maxIpPortClients() {
                return 3;
            }
        };
        UdpSettings udpSettings = new UdpSettings() {
            @Override
            public long udpSubscriberExpiryMillis() {
                return 180_000;
            }

            @Override
            public int udpMaxSubscribersPerSource() {
                return 2;
            }
        };
        ConnectionSettings connectionSettings = new ConnectionSettings() {
            @Override
            public int maxSubscriptionsPerConnection() {
                return 100;
            }
        };
        InputNormalizer inputs = new InputNormalizer(VALIDATOR, new InputLimits(1024, 1024, 2000, 100_000));
        DefaultDiscoveryService discovery = new DefaultDiscoveryService(registry, registry.reader(), inputs,
                connectionSettings);
        DefaultRuntimeSwitches switches = new DefaultRuntimeSwitches(beatSettings);
        LeaseExpiry expiry = new LeaseExpiry(registry, beatSettings, udpSettings, switches, clock);
        sources = new SubscriberSources(clock, udpSettings, namingSettings);
        clients = new DefaultIpPortClientService(registry, io.jacos.testing.FixedMembers.standalone(),
                registry.reader(), inputs, namingSettings, switches, discovery, expiry,
                TestServices.overrides(10, registry.reader()), beats, sources, new RecentWithdrawals(clock));
    }

    private static InstanceSpec spec(String ip, Map<String, String> metadata) {
        return new InstanceSpec(null, ip, 8080, 2.0, null, null, null, null, metadata);
    }

    private List<Instance> instances() {
        return registry.reader().view(KEY).instances();
    }

    private void after(long millis) {
        now.addAndGet(millis);
        clients.expireLeases();
    }

    @Test
    void silentInstanceTurnsUnhealthyThenGoesAndItsClientWithIt() {
        clients.register(SVC, spec("10.0.0.1", null));
        after(15_000);
        assertTrue(instances().get(0).healthy(), "not yet: exactly at the timeout");
        events.clear();

        after(1);
        assertFalse(instances().get(0).healthy());
        assertTrue(events.stream().anyMatch(ServiceChanged.class::isInstance), "the health change is pushed");

        after(15_000);
        assertEquals(List.of(), instances());
        assertFalse(registry.isConnected(CLIENT));
    }

    @Test
    void beatsKeepTheInstanceAndABeatAfterTheTimeoutHealsIt() {
        clients.register(SVC, spec("10.0.0.1", null));
        for (int i = 0; i < 10; i++) {
            after(5000);
            assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(false)).code());
        }
        assertTrue(instances().get(0).healthy());

        after(20_000);
        assertFalse(instances().get(0).healthy());
        BeatAnswer answer = clients.beat(SVC, beat(false));
        assertEquals(new BeatAnswer(BeatAnswer.OK, 5000, true), answer);
        assertTrue(instances().get(0).healthy());
    }

    @Test
    void aBeatForAPeersCopyTakesTheClientOverSoThisNodeExpiresAndKeepsIt() {
        Instance copied = new Instance(Instance.simpleId("10.0.0.1", 8080, "DEFAULT", KEY), "10.0.0.1", 8080, 2.0,
                true, true, true, "DEFAULT", Map.of());
        registry.applyCopy(new io.jacos.registry.client.ClientSnapshot(CLIENT, io.jacos.model.ClientKind.IP_PORT,
                "127.0.0.1:8858", Map.of(KEY, List.of(copied)), Map.of()));
        after(16_000);
        assertTrue(instances().get(0).healthy(), "a peer's copy is not expired here");

        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(false)).code());
        assertEquals("127.0.0.1:8848", registry.reader().client(CLIENT).orElseThrow().owner());
        after(16_000);
        assertFalse(instances().get(0).healthy(), "now ours: its silence counts here");
    }

    @Test
    void aBeatSentBeforeItsClientDeregisteredRegistersNothingAgain() {
        clients.register(SVC, spec("10.0.0.1", null));
        assertTrue(clients.deregister(SVC, "10.0.0.1", 8080, true));

        after(4_999);
        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(true)).code());
        assertEquals(List.of(), instances(), "a late beat does not undo the removal");
        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(false)).code());

        after(1);
        assertEquals(BeatAnswer.NOT_FOUND, clients.beat(SVC, beat(false)).code(), "a beat interval later, as before");
        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(true)).code());
        assertEquals(List.of("10.0.0.1:8080"), instances().stream().map(Instance::address).toList());
    }

    @Test
    void aRegistrationRightAfterADeregistrationIsBeatenAsUsual() {
        clients.register(SVC, spec("10.0.0.1", null));
        assertTrue(clients.deregister(SVC, "10.0.0.1", 8080, true));
        clients.register(SVC, spec("10.0.0.1", null));
        assertTrue(clients.deregister(SVC, "10.0.0.1", 8080, true));
        clients.register(SVC, spec("10.0.0.1", null));

        after(1_000);
        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(false)).code());
        assertEquals(List.of("10.0.0.1:8080"), instances().stream().map(Instance::address).toList());
        clients.deregister(SVC, "10.0.0.1", 8080, true);
        clients.register(SVC, spec("10.0.0.1", null));
        clients.deregister(SVC, "10.0.0.1", 8080, true);
        clients.beat(SVC, beat(true));
        assertEquals(List.of(), instances());
    }

    @Test
    void unknownInstanceLightBeatAsksToRegisterAndFullBeatRegisters() {
        assertEquals(new BeatAnswer(BeatAnswer.NOT_FOUND, 5000, true), clients.beat(SVC, beat(false)));
        assertEquals(List.of(), instances());

        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(true)).code());
        assertEquals(List.of("10.0.0.1:8080"), instances().stream().map(Instance::address).toList());
        assertEquals(Map.of("k", "v"), instances().get(0).metadata());

        assertEquals(BeatAnswer.OK, clients.beat(SVC, beat(false)).code());
        assertEquals(List.of(BeatReceived.Outcome.UNKNOWN, BeatReceived.Outcome.REREGISTERED,
                BeatReceived.Outcome.KNOWN), beats.fired().stream().map(BeatReceived::outcome).toList(),
                "each beat is announced with what it found, for the metrics");
    }

    @Test
    void preservedMetadataSetsTheTimesPerInstance() {
        clients.register(SVC, spec("10.0.0.1", Map.of("preserved.heart.beat.interval", "1000",
                "preserved.heart.beat.timeout", "3000", "preserved.ip.delete.timeout", "6000")));
        assertEquals(1000, clients.beat(SVC, beat(false)).clientBeatInterval());
        after(3001);
        assertFalse(instances().get(0).healthy());
        after(3000);
        assertEquals(List.of(), instances());
    }

    @Test
    void anInstanceWhoseHealthWasSetByHandIsLeftAlone() {
        clients.register(SVC, spec("10.0.0.1", null));
        assertTrue(clients.setHealth(SVC, "10.0.0.1", 8080, false, ChangeOrigin.admin("127.0.0.1")));
        assertFalse(instances().get(0).healthy());
        clients.beat(SVC, beat(false));
        assertFalse(instances().get(0).healthy(), "a beat does not undo an operator's mark");
        after(60_000);
        assertEquals(1, instances().size(), "nor does the lease check remove it");
        assertFalse(clients.setHealth(SVC, "10.0.0.9", 8080, true, ChangeOrigin.admin("127.0.0.1")), "unknown instance");
    }

    @Test
    void pollingSubscriberIsKeptWhilePollingAndDroppedAfterwards() {
        clients.list(SVC, "", false, "10.0.0.7", 54321, SOURCE);
        ClientId subscriber = ClientId.ofIpPort("10.0.0.7", 54321, true);
        assertTrue(registry.reader().subscribersOf(KEY).contains(subscriber));
        after(170_000);
        clients.list(SVC, "", false, "10.0.0.7", 54321, SOURCE);
        after(170_000);
        assertTrue(registry.reader().subscribersOf(KEY).contains(subscriber), "renewed by the second poll");
        after(10_001);
        assertFalse(registry.reader().subscribersOf(KEY).contains(subscriber));
        assertFalse(registry.isConnected(subscriber));
    }

    private boolean subscribed(String ip, int port) {
        return registry.reader().subscribersOf(KEY).contains(ClientId.ofIpPort(ip, port, true));
    }

    @Test
    void aHostNameClientIpIsAnsweredButNeverSubscribed() {
        clients.register(SVC, spec("10.0.0.1", null));

        assertEquals(1, clients.list(SVC, "", false, "localhost", 54321, SOURCE).hosts().size());
        assertEquals(1, clients.list(SVC, "", false, "udp-target.example.com", 53, SOURCE).hosts().size());
        assertFalse(registry.isConnected(ClientId.ofIpPort("localhost", 54321, true)));
        assertEquals(0, registry.reader().subscribersOf(KEY).size());
        assertEquals(0, sources.countFrom(SOURCE), "a name takes no place of its source's");
    }

    @Test
    void oneSourceNamesAtMostItsLimitOfEndpointsAndTheListIsAnsweredBeyondIt() {
        clients.list(SVC, "", false, "10.0.0.7", 5001, SOURCE);
        clients.list(SVC, "", false, "10.0.0.7", 5002, SOURCE);

        assertEquals(0, clients.list(SVC, "", false, "10.0.0.7", 5003, SOURCE).hosts().size(), "answered");
        assertFalse(subscribed("10.0.0.7", 5003), "the third endpoint of one source");
        assertFalse(registry.isConnected(ClientId.ofIpPort("10.0.0.7", 5003, true)));

        clients.list(SVC, "", false, "10.0.0.7", 5001, SOURCE);
        assertTrue(subscribed("10.0.0.7", 5001), "an endpoint the source named before is renewed at the limit");
        clients.list(SVC, "", false, "10.0.0.7", 5003, "192.168.50.2");
        assertTrue(subscribed("10.0.0.7", 5003), "another source has places of its own");
    }

    @Test
    void anEndpointItsSourceStopsNamingFreesItsPlaceAfterTheSubscriberExpiry() {
        clients.list(SVC, "", false, "10.0.0.7", 5001, SOURCE);
        after(100_000);
        clients.list(SVC, "", false, "10.0.0.7", 5002, SOURCE);
        after(80_001);
        clients.list(SVC, "", false, "10.0.0.7", 5003, SOURCE);

        assertFalse(subscribed("10.0.0.7", 5001), "expired");
        assertTrue(subscribed("10.0.0.7", 5002));
        assertTrue(subscribed("10.0.0.7", 5003), "took the expired endpoint's place");
    }

    @Test
    void oneAddressWrittenTwoWaysIsOneSubscriber() {
        clients.list(SVC, "", false, "127.000.000.001", 5001, SOURCE);
        clients.list(SVC, "", false, "127.0.0.1", 5001, SOURCE);
        clients.list(SVC, "", false, "::1", 5001, SOURCE);

        assertEquals(List.of(ClientId.ofIpPort("0:0:0:0:0:0:0:1", 5001, true), ClientId.ofIpPort("127.0.0.1", 5001,
                true)), registry.reader().subscribersOf(KEY).stream().sorted(java.util.Comparator.comparing(
                ClientId::value)).toList());
        assertEquals(2, sources.countFrom(SOURCE));
    }

    @Test
    void aSubscriberTheRegistryRefusesTakesNoPlaceOfItsSource() {
        clients.register(SVC, spec("10.0.0.1", null));
        clients.register(SVC, spec("10.0.0.2", null));
        clients.register(SVC, spec("10.0.0.3", null));

        RegistryException full = assertThrows(RegistryException.class,
                () -> clients.list(SVC, "", false, "10.0.0.7", 5001, SOURCE));
        assertEquals(RegistryException.OVER_THRESHOLD, full.code());
        assertEquals(0, sources.countFrom(SOURCE));
    }

    @Test
    void deregisterRemovesTheInstanceAndTheClient() {
        clients.register(SVC, spec("10.0.0.1", null));
        assertTrue(clients.deregister(SVC, "10.0.0.1", 8080, true));
        assertEquals(List.of(), instances());
        assertFalse(registry.isConnected(CLIENT));
        assertFalse(clients.deregister(SVC, "10.0.0.1", 8080, true));
    }

    @Test
    void refusalsChangeNothing() {
        // Persistent instances are another service's: the transports never send them here.
        assertThrows(IllegalArgumentException.class, () -> clients.register(SVC, new InstanceSpec(null, "10.0.0.1",
                8080, null, null, null, false, null, null)));
        assertInvalid(() -> clients.beat(SVC, new BeatSpec(null, 8080, null, null, null, false)),
                "Param 'ip' is required.");
        clients.register(SVC, spec("10.0.0.1", null));
        clients.register(SVC, spec("10.0.0.2", null));
        clients.register(SVC, spec("10.0.0.3", null));
        RegistryException full = assertThrows(RegistryException.class,
                () -> clients.register(SVC, spec("10.0.0.4", null)));
        assertEquals(RegistryException.OVER_THRESHOLD, full.code());
        assertEquals(3, instances().size());
        assertFalse(registry.isConnected(ClientId.ofIpPort("10.0.0.4", 8080, true)));
    }

    private static BeatSpec beat(boolean full) {
        return new BeatSpec("10.0.0.1", 8080, null, 2.0, full ? Map.of("k", "v") : null, full);
    }
}
