package io.jacos.application.internal;

import io.jacos.event.EndpointWithdrawn;
import io.jacos.model.ChangeOrigin;
import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.testing.RecordingEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static io.jacos.application.validation.Refusals.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DefaultRegistrationServiceTest {

    private static final ClientId CLIENT = new ClientId("conn-1");
    private static final ServiceRef SVC = new ServiceRef(null, null, "svc");

    /** The registry calls made: a refused request must leave this empty. */
    private final List<String> calls = new ArrayList<>();
    private final RecordingEvent<EndpointWithdrawn> withdrawn = new RecordingEvent<>();
    private DefaultRegistrationService service;

    @BeforeEach
    void createService() {
        Registry registry = new Registry() {
            @Override
            public void publish(ClientId id, ServiceKey key, List<Instance> instances, ChangeOrigin origin) {
                calls.add("publish " + key + " " + instances.stream().map(Instance::address).toList());
            }

            @Override
            public void withdraw(ClientId id, ServiceKey key, ChangeOrigin origin) {
                calls.add("withdraw " + key);
            }
        };
        service = new DefaultRegistrationService(registry,
                TestRegistries.create(Clock.systemUTC(), TestRegistries.eventList()).reader(), new InputNormalizer(VALIDATOR, new InputLimits(1024, 1024, 2000, 100_000)),
                TestServices.overrides(10, null), withdrawn);
    }

    private static InstanceSpec spec(String ip, Boolean ephemeral) {
        return new InstanceSpec(null, ip, 8080, null, null, null, ephemeral, null, null);
    }

    @Test
    void validRequestsReachTheRegistryOnce() {
        service.register(CLIENT, SVC, spec("my_host.local", null));
        service.registerBatch(CLIENT, SVC, List.of(spec("10.0.0.1", true), spec("999.1.1.1", null)));
        service.deregister(CLIENT, SVC, null);
        assertEquals(List.of("publish public##DEFAULT_GROUP@@svc [my_host.local:8080]",
                "publish public##DEFAULT_GROUP@@svc [10.0.0.1:8080, 999.1.1.1:8080]",
                "withdraw public##DEFAULT_GROUP@@svc"), calls);
    }

    @Test
    void connectionRegistrationRefusesPersistentInstances() {
        assertInvalid(() -> service.register(CLIENT, SVC, spec("10.0.0.1", false)),
                "InstanceRequest registers ephemeral instances only; persistent instances use "
                        + "PersistentInstanceRequest or the HTTP API.");
        assertInvalid(() -> service.registerBatch(CLIENT, SVC,
                List.of(spec("10.0.0.1", true), spec("10.0.0.2", false))),
                "Batch registration accepts ephemeral instances only.");
        assertTrue(calls.isEmpty(), calls.toString());
        assertTrue(withdrawn.fired().isEmpty());
    }

    @Test
    void invalidInputChangesNothing() {
        assertInvalid(() -> service.register(CLIENT, SVC, spec("bad ip", null)), "Param 'ip' is illegal");
        assertInvalid(() -> service.registerBatch(CLIENT, SVC, List.of(spec("10.0.0.1", null), spec(" ", null))),
                "Param 'ip' is required.");
        assertInvalid(() -> service.deregister(CLIENT, new ServiceRef(null, null, "svc withspace"), null),
                "Param 'serviceName' is illegal");
        assertTrue(calls.isEmpty(), calls.toString());
        assertTrue(withdrawn.fired().isEmpty());
    }

    /** The client held nothing (its redo after a move had not run): the address the request named is told. */
    @Test
    void aDeregistrationOfNothingHeldNamesTheRequestedAddress() {
        service.deregister(CLIENT, SVC, new InstanceSpec(null, " 10.0.0.7 ", 8080, null, null, null, true, "", null));
        service.deregister(CLIENT, SVC, null);

        assertEquals(List.of(new EndpointWithdrawn(new ServiceKey("public", "DEFAULT_GROUP", "svc"), "10.0.0.7", 8080,
                Instance.DEFAULT_CLUSTER)), withdrawn.fired());
    }
}
