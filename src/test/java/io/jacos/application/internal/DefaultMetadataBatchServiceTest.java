package io.jacos.application.internal;

import io.jacos.application.InstanceAdminService;
import io.jacos.application.InstanceEdit;
import io.jacos.application.MetadataBatchService.InstanceAddress;
import io.jacos.application.MetadataBatchService.MetadataChange;
import io.jacos.application.ServiceRef;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.testing.FixedMembers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A batch is planned whole before anything is edited: any refusal leaves every instance as it was. */
class DefaultMetadataBatchServiceTest {

    private static final ServiceRef SVC = new ServiceRef(null, null, "svc");
    private static final ChangeOrigin ADMIN = ChangeOrigin.admin("10.9.9.9");
    private static final String SELF = "127.0.0.1:8848";
    private static final String PEER = "127.0.0.2:8848";

    private final FakeAdmin admin = new FakeAdmin();
    private final InstanceOverrides overrides = TestServices.overrides(2, null);
    private DefaultMetadataBatchService batches;

    @BeforeEach
    void wire() {
        batches = new DefaultMetadataBatchService(admin,
                new InputNormalizer(VALIDATOR, new InputLimits(1024, 1024, 3, 100_000)), overrides,
                FixedMembers.standalone());
    }

    @Test
    void theNamedInstancesOrAllAreChangedKeepingTheirOtherEntries() {
        admin.add("10.0.0.1", true, SELF);
        admin.add("10.0.0.2", false, SELF);
        batches.change(SVC, List.of(address("10.0.0.2")), new MetadataChange(Map.of("zone", "z1"), false), ADMIN);
        assertEquals(List.of("10.0.0.2"), admin.edited);
        assertEquals(Map.of("keep", "10.0.0.2", "zone", "z1"), admin.edits.get(0).metadata());

        batches.change(SVC, List.of(), new MetadataChange(Map.of("keep", ""), true), ADMIN);
        assertEquals(List.of("10.0.0.2", "10.0.0.1", "10.0.0.2"), admin.edited);
        assertEquals(Map.of(), admin.edits.get(1).metadata());
    }

    @Test
    void anUnknownInstanceChangesNone() {
        admin.add("10.0.0.1", false, SELF);
        RegistryException e = assertThrows(RegistryException.class, () -> batches.change(SVC,
                List.of(address("10.0.0.1"), address("10.0.0.9")), new MetadataChange(Map.of("a", "b"), false), ADMIN));
        assertEquals(RegistryException.Reason.INSTANCE_NOT_FOUND, e.reason());
        assertEquals(List.of(), admin.edited);
    }

    @Test
    void anotherNodesEphemeralInstanceChangesNone() {
        admin.add("10.0.0.1", true, SELF);
        admin.add("10.0.0.2", true, PEER);
        RegistryException e = assertThrows(RegistryException.class, () -> batches.change(SVC, List.of(),
                new MetadataChange(Map.of("a", "b"), false), ADMIN));
        assertEquals(RegistryException.Reason.OWNED_ELSEWHERE, e.reason());
        assertEquals(List.of(), admin.edited);
    }

    @Test
    void noRoomForTheEphemeralEditsChangesNone() {
        admin.add("10.0.0.1", true, SELF);
        admin.add("10.0.0.2", true, SELF);
        admin.add("10.0.0.3", true, SELF);
        RegistryException e = assertThrows(RegistryException.class, () -> batches.change(SVC, List.of(),
                new MetadataChange(Map.of("a", "b"), false), ADMIN));
        assertEquals(RegistryException.OVER_THRESHOLD, e.code());
        assertEquals(List.of(), admin.edited);
    }

    @Test
    void aBatchOverTheBoundAndBadMetadataChangeNone() {
        admin.add("10.0.0.1", false, SELF);
        List<InstanceAddress> four = List.of(address("10.0.0.1"), address("10.0.0.2"), address("10.0.0.3"),
                address("10.0.0.4"));
        RegistryException tooMany = assertThrows(RegistryException.class, () -> batches.change(SVC, four,
                new MetadataChange(Map.of("a", "b"), false), ADMIN));
        assertEquals(RegistryException.INVALID_PARAM, tooMany.code());
        assertThrows(RegistryException.class, () -> batches.change(SVC, List.of(address("10.0.0.1")),
                new MetadataChange(Map.of("big", "x".repeat(2000)), false), ADMIN));
        assertEquals(List.of(), admin.edited);
    }

    private static InstanceAddress address(String ip) {
        return new InstanceAddress(null, ip, 80);
    }

    /** Instances on port 80 of cluster DEFAULT, each with metadata {@code keep=<ip>}; edits recorded in order. */
    private static final class FakeAdmin implements InstanceAdminService {
        private final Map<String, PublishedInstance> byIp = new LinkedHashMap<>();
        final List<String> edited = new ArrayList<>();
        final List<InstanceEdit> edits = new ArrayList<>();

        void add(String ip, boolean ephemeral, String owner) {
            Instance instance = new Instance(ip + "#80#DEFAULT#svc", ip, 80, 1, true, true, ephemeral, "DEFAULT",
                    Map.of("keep", ip));
            byIp.put(ip, new PublishedInstance(instance, ClientId.ofIpPort(ip, 80, ephemeral), owner));
        }

        @Override
        public List<PublishedInstance> instances(ServiceRef service, String cluster) {
            return List.copyOf(byIp.values());
        }

        @Override
        public PublishedInstance find(ServiceRef service, String cluster, String ip, Integer port) {
            PublishedInstance found = byIp.get(ip);
            if (found == null) {
                throw new RegistryException(RegistryException.NOT_FOUND, RegistryException.Reason.INSTANCE_NOT_FOUND,
                        "no instance " + ip);
            }
            return found;
        }

        @Override
        public PublishedInstance edit(ServiceRef service, String cluster, String ip, Integer port, InstanceEdit edit,
                                      ChangeOrigin origin) {
            edited.add(ip);
            edits.add(edit);
            return find(service, cluster, ip, port);
        }
    }
}
