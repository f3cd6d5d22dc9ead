package io.jacos.application.internal;

import io.jacos.application.InstanceAdminService.PublishedInstance;
import io.jacos.application.InstanceEdit;
import io.jacos.application.InstanceSpec;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.ServiceRef;
import io.jacos.event.InstancesChanged;
import io.jacos.event.ServiceChanged;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.RecordingEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Operators' instance edits on a real registry, with the real registration use case: an ephemeral edit is pushed,
 * survives the client publishing the instance again (a redo), and ends with the instance.
 */
class DefaultInstanceAdminServiceTest {

    private static final ServiceRef SVC = new ServiceRef(null, null, "svc");
    private static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "svc");
    private static final ClientId CONN = new ClientId("conn-1");
    private static final ChangeOrigin ADMIN = ChangeOrigin.admin("10.9.9.9");

    private InstanceOverrides overrides;
    private final List<InstanceSpec> persistentUpdates = new ArrayList<>();
    private Registry registry;
    private DefaultRegistrationService registration;
    private DefaultInstanceAdminService admin;
    /** Every event fired; InstancesChanged also reaches the overlay, as its CDI observer does. */
    private final List<Object> events = new CopyOnWriteArrayList<>() {
        @Override
        public boolean add(Object event) {
            boolean added = super.add(event);
            if (event instanceof InstancesChanged change) {
                overrides.forgetEnded(change, key -> registry.reader().view(key).instances());
            }
            return added;
        }
    };

    @BeforeEach
    void wire() {
        registry = TestRegistries.create(Clock.systemUTC(), events);
        overrides = TestServices.overrides(2, registry.reader());
        InputNormalizer inputs = new InputNormalizer(VALIDATOR, new InputLimits(64, 1024, 2000, 100_000));
        registration = new DefaultRegistrationService(registry, registry.reader(), inputs, overrides,
                new RecordingEvent<>());
        admin = new DefaultInstanceAdminService(registry, registry.reader(), inputs, new RecordingPersistent(),
                overrides, FixedMembers.standalone());
        registry.connect(CONN, ClientKind.CONNECTION, "127.0.0.1:8848");
    }

    private static InstanceSpec spec(String ip, int port) {
        return new InstanceSpec(null, ip, port, 1.0, null, null, null, null, Map.of());
    }

    private Instance shown(String ip, int port) {
        return registry.reader().view(KEY).instances().stream()
                .filter(i -> i.ip().equals(ip) && i.port() == port).findFirst().orElseThrow();
    }

    @Test
    void anEphemeralEditIsPushedWithTheAdminAsItsCause() {
        registration.register(CONN, SVC, spec("10.0.0.1", 80));
        events.clear();
        PublishedInstance edited = admin.edit(SVC, null, "10.0.0.1", 80, new InstanceEdit(3.0, false, null), ADMIN);
        assertEquals(3.0, edited.instance().weight());
        assertFalse(edited.instance().enabled());
        assertEquals(CONN, edited.client());
        assertEquals("127.0.0.1:8848", edited.owner());
        assertFalse(shown("10.0.0.1", 80).enabled());
        assertTrue(events.stream().anyMatch(e -> e instanceof ServiceChanged), events::toString);
        InstancesChanged change = events.stream().filter(e -> e instanceof InstancesChanged)
                .map(InstancesChanged.class::cast).findFirst().orElseThrow();
        assertEquals(ChangeCause.ADMIN, change.origin().cause());
        assertEquals("admin@10.9.9.9", change.origin().actor());
    }

    @Test
    void theEditSurvivesTheClientPublishingAgainAndEndsWithTheInstance() {
        registration.register(CONN, SVC, spec("10.0.0.1", 80));
        admin.edit(SVC, "DEFAULT", "10.0.0.1", 80, new InstanceEdit(null, false, null), ADMIN);

        // The client's redo (or a re-register with its own values) publishes the instance again: still disabled.
        registration.register(CONN, SVC, spec("10.0.0.1", 80));
        assertFalse(shown("10.0.0.1", 80).enabled());
        // A batch redo too.
        registration.registerBatch(CONN, SVC, List.of(spec("10.0.0.1", 80), spec("10.0.0.2", 80)));
        assertFalse(shown("10.0.0.1", 80).enabled());
        assertTrue(shown("10.0.0.2", 80).enabled());
        // The client moves to a new connection, which publishes before the old one goes: the instance lives on.
        ClientId moved = new ClientId("conn-2");
        registry.connect(moved, ClientKind.CONNECTION, "127.0.0.1:8848");
        registration.register(moved, SVC, spec("10.0.0.1", 80));
        registry.disconnect(CONN, ChangeOrigin.of(ChangeCause.CONNECTION_CLOSED, CONN));
        assertFalse(shown("10.0.0.1", 80).enabled());
        assertEquals(1, overrides.size());

        // Deregistered: the instance ended, so the same address registered again is as its client says.
        registration.deregister(moved, SVC, null);
        assertEquals(0, overrides.size());
        registration.register(moved, SVC, spec("10.0.0.1", 80));
        assertTrue(shown("10.0.0.1", 80).enabled());
    }

    @Test
    void refusedEditsChangeNothing() {
        registration.register(CONN, SVC, spec("10.0.0.1", 80));
        Instance before = shown("10.0.0.1", 80);
        for (double weight : new double[]{-1, 10001, Double.NaN}) {
            RegistryException bad = assertThrows(RegistryException.class,
                    () -> admin.edit(SVC, null, "10.0.0.1", 80, new InstanceEdit(weight, null, null), ADMIN));
            assertEquals("weight", bad.param(), bad.getMessage());
        }
        RegistryException big = assertThrows(RegistryException.class, () -> admin.edit(SVC, null, "10.0.0.1", 80,
                new InstanceEdit(null, null, Map.of("k", "x".repeat(100))), ADMIN));
        assertEquals("metadata", big.param());
        RegistryException unknown = assertThrows(RegistryException.class,
                () -> admin.edit(SVC, null, "10.0.0.1", 81, new InstanceEdit(2.0, null, null), ADMIN));
        assertEquals(RegistryException.Reason.INSTANCE_NOT_FOUND, unknown.reason());
        RegistryException otherCluster = assertThrows(RegistryException.class,
                () -> admin.edit(SVC, "OTHER", "10.0.0.1", 80, new InstanceEdit(2.0, null, null), ADMIN));
        assertEquals(RegistryException.Reason.INSTANCE_NOT_FOUND, otherCluster.reason());
        RegistryException noService = assertThrows(RegistryException.class, () -> admin.edit(
                new ServiceRef(null, null, "none"), null, "10.0.0.1", 80, new InstanceEdit(2.0, null, null), ADMIN));
        assertEquals(RegistryException.Reason.SERVICE_NOT_FOUND, noService.reason());
        assertEquals(before, shown("10.0.0.1", 80));
        assertEquals(0, overrides.size());
    }

    @Test
    void anotherNodesClientIsEditedThereOnly() {
        ClientId copy = new ClientId("peer-conn");
        registry.connect(copy, ClientKind.CONNECTION, "10.0.0.9:8848");
        registry.publish(copy, KEY, List.of(new Instance("i", "10.0.0.5", 80, 1.0, true, true, true, "DEFAULT",
                Map.of())), ChangeOrigin.client(copy));
        RegistryException refused = assertThrows(RegistryException.class,
                () -> admin.edit(SVC, null, "10.0.0.5", 80, new InstanceEdit(null, false, null), ADMIN));
        assertEquals(RegistryException.Reason.OWNED_ELSEWHERE, refused.reason());
        assertTrue(refused.getMessage().contains("10.0.0.9:8848"), refused.getMessage());
        assertTrue(shown("10.0.0.5", 80).enabled());
        assertEquals(0, overrides.size());
    }

    @Test
    void aPersistentEditGoesToTheStoreKeepingItsHealth() {
        ClientId owner = ClientId.ofIpPort("10.0.0.7", 80, false);
        registry.connect(owner, ClientKind.PERSISTENT, "127.0.0.1:8848");
        registry.publish(owner, KEY, List.of(new Instance("p", "10.0.0.7", 80, 1.0, false, true, false, "DEFAULT",
                Map.of("a", "1"))), ChangeOrigin.client(owner));
        admin.edit(SVC, null, "10.0.0.7", 80, new InstanceEdit(7.5, null, null), ADMIN);
        assertEquals(List.of(new InstanceSpec("p", "10.0.0.7", 80, 7.5, false, true, false, "DEFAULT",
                Map.of("a", "1"))), persistentUpdates);
        assertEquals(0, overrides.size(), "persistent edits are stored, not overlaid");
    }

    @Test
    void listsInstancesWithTheirClientAndNodeByCluster() {
        registration.register(CONN, SVC, spec("10.0.0.2", 80));
        registry.connect(new ClientId("conn-b"), ClientKind.CONNECTION, "127.0.0.1:8848");
        registration.register(new ClientId("conn-b"), SVC, new InstanceSpec(null, "10.0.0.1", 80, null, null, null,
                null, "B", null));
        assertEquals(List.of("DEFAULT 10.0.0.2 conn-1", "B 10.0.0.1 conn-b").stream().sorted().toList(),
                admin.instances(SVC, null).stream().map(p -> p.instance().clusterName() + " " + p.instance().ip()
                        + " " + p.client()).sorted().toList());
        assertEquals(1, admin.instances(SVC, "B").size());
    }

    private final class RecordingPersistent implements PersistentInstanceService {
        @Override
        public void register(ServiceRef service, InstanceSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void update(ServiceRef service, InstanceSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void update(ServiceRef service, InstanceSpec spec, ChangeOrigin origin) {
            assertEquals(ADMIN, origin);
            persistentUpdates.add(spec);
        }

        @Override
        public boolean deregister(ServiceRef service, String ip, Integer port) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean checked(ServiceKey service, String ip, int port, boolean healthy) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<CheckTarget> checkTargets() {
            return List.of();
        }
    }
}
