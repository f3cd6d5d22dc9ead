package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import io.jacos.settings.NamingSettings;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static io.jacos.application.validation.Refusals.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InputNormalizerTest {

    private static final ServiceRef SVC = new ServiceRef(null, null, "svc");
    private static final InputNormalizer DEFAULTS = new InputNormalizer(VALIDATOR, new InputLimits(1024, 1024, 2000, 100_000));

    private static InstanceSpec spec(String ip, Integer port) {
        return new InstanceSpec(null, ip, port, null, null, null, null, null, null);
    }

    private static InstanceSpec withId(String instanceId) {
        return new InstanceSpec(instanceId, "10.0.0.1", 80, null, null, null, null, null, null);
    }

    private static InstanceSpec withMetadata(Map<String, String> metadata) {
        return new InstanceSpec(null, "10.0.0.1", 80, null, null, null, null, null, metadata);
    }

    private static Instance registered(InputNormalizer inputs, InstanceSpec spec) {
        InputNormalizer.Publication publication = inputs.registration(SVC, spec);
        assertEquals(1, publication.instances().size());
        return publication.instances().get(0);
    }

    private static List<InstanceSpec> specs(int count) {
        List<InstanceSpec> specs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            specs.add(spec("10.0." + (i / 250) + "." + (i % 250), 8080));
        }
        return specs;
    }

    @Test
    void defaultsAreAppliedAndTheSimpleIdGenerated() {
        InputNormalizer.Publication publication = DEFAULTS.registration(SVC, spec("10.0.0.1", 8080));
        assertEquals(new ServiceKey("public", "DEFAULT_GROUP", "svc"), publication.service());
        assertEquals(List.of(new Instance("10.0.0.1#8080#DEFAULT#DEFAULT_GROUP@@svc", "10.0.0.1", 8080, 1.0, true,
                true, true, "DEFAULT", Map.of())), publication.instances());
    }

    @Test
    void givenValuesAreKept() {
        ServiceRef ref = new ServiceRef("dev-1", "G:1.a_b-c", "svc.name-1");
        InstanceSpec spec = new InstanceSpec("my-id", "my_host.local", 0, 0.0, false, false, false, "c-1",
                Map.of("k", "v"));
        InputNormalizer.Publication publication = DEFAULTS.registration(ref, spec);
        assertEquals(new ServiceKey("dev-1", "G:1.a_b-c", "svc.name-1"), publication.service());
        assertEquals(List.of(new Instance("my-id", "my_host.local", 0, 0.0, false, false, false, "c-1",
                Map.of("k", "v"))), publication.instances());
        InstanceSpec blankId = new InstanceSpec(" ", "10.0.0.1", 80, null, null, null, null, "c-1", null);
        assertEquals("10.0.0.1#80#c-1#DEFAULT_GROUP@@svc", registered(DEFAULTS, blankId).instanceId());
    }

    @Test
    void oddAddressesNacosAcceptsAreRegistered() {
        assertEquals("999.1.1.1#8080#DEFAULT#DEFAULT_GROUP@@svc",
                registered(DEFAULTS, spec("999.1.1.1", 8080)).instanceId());
        assertEquals("my_host.local", registered(DEFAULTS, spec("my_host.local", 8080)).ip());
        assertEquals("1.2.3", registered(DEFAULTS, spec("1.2.3", 8080)).ip());
    }

    @Test
    void instanceIsRequiredAndTheServiceIsReportedFirst() {
        assertInvalid(() -> DEFAULTS.registration(SVC, null), "Param 'instance' is required.");
        assertInvalid(() -> DEFAULTS.registration(new ServiceRef(null, null, "@svc"), spec("bad ip", -1)),
                "Param 'serviceName' is illegal");
        assertInvalid(() -> DEFAULTS.registration(new ServiceRef(null, null, " "), null),
                "Param 'serviceName' is required.");
    }

    @Test
    void metadataOfExactlyTheLimitIsAcceptedAndOneMoreRefused() {
        Map<String, String> exactly = Map.of("k", "v".repeat(1023));
        assertEquals(exactly, registered(DEFAULTS, withMetadata(exactly)).metadata());
        assertInvalid(() -> DEFAULTS.registration(SVC, withMetadata(Map.of("k", "v".repeat(1024)))),
                "Param 'metadata' is illegal: 1025 characters (at most 1024).");
        assertInvalid(() -> DEFAULTS.registration(SVC, withMetadata(Map.of("k".repeat(600), "v".repeat(600)))),
                "Param 'metadata' is illegal: 1200 characters");
    }

    @Test
    void clientInstanceIdOfExactlyTheLimitIsAcceptedAndOneMoreRefused() {
        assertEquals("i".repeat(1024), registered(DEFAULTS, withId("i".repeat(1024))).instanceId());
        assertInvalid(() -> DEFAULTS.registration(SVC, withId("i".repeat(1025))),
                "Param 'instanceId' is illegal: 1025 characters (at most 1024).");
        // A blank id is not the client's: the generated one is used, whatever the blank's length.
        assertEquals("10.0.0.1#80#DEFAULT#DEFAULT_GROUP@@svc",
                registered(DEFAULTS, withId(" ".repeat(2000))).instanceId());
    }

    @Test
    void batchOfExactlyTheLimitIsAcceptedAndOneMoreRefused() {
        assertEquals(2000, DEFAULTS.batch(SVC, specs(2000)).instances().size());
        assertInvalid(() -> DEFAULTS.batch(SVC, specs(2001)),
                "Param 'instances' is illegal: 2001 instances (at most 2000).");
    }

    @Test
    void configuredLimitsApply() {
        InputNormalizer small = new InputNormalizer(VALIDATOR, new InputLimits(10, 5, 3, 100_000));
        registered(small, withMetadata(Map.of("k", "v".repeat(9))));
        assertInvalid(() -> small.registration(SVC, withMetadata(Map.of("k", "v".repeat(10)))),
                "Param 'metadata' is illegal: 11 characters (at most 10).");
        registered(small, withId("12345"));
        assertInvalid(() -> small.registration(SVC, withId("123456")),
                "Param 'instanceId' is illegal: 6 characters (at most 5).");
        assertEquals(3, small.batch(SVC, specs(3)).instances().size());
        assertInvalid(() -> small.batch(SVC, specs(4)), "Param 'instances' is illegal: 4 instances (at most 3).");
        List<InstanceSpec> longIdInside = new ArrayList<>(specs(2));
        longIdInside.add(withId("123456"));
        assertInvalid(() -> small.batch(SVC, longIdInside), "Param 'instanceId' is illegal");
    }

    @Test
    void limitsAreReadFromTheSettings() {
        NamingSettings settings = new NamingSettings() {
            @Override
            public int maxMetadataChars() {
                return 4;
            }

            @Override
            public int maxInstanceIdLength() {
                return 3;
            }

            @Override
            public int maxInstancesPerBatch() {
                return 1;
            }
        };
        InputNormalizer configured = new InputNormalizer(VALIDATOR, settings);
        assertInvalid(() -> configured.registration(SVC, withMetadata(Map.of("k", "1234"))),
                "Param 'metadata' is illegal: 5 characters (at most 4).");
        assertInvalid(() -> configured.registration(SVC, withId("abcd")),
                "Param 'instanceId' is illegal: 4 characters (at most 3).");
        assertInvalid(() -> configured.batch(SVC, specs(2)), "Param 'instances' is illegal: 2 instances (at most 1).");
    }

    @Test
    void batchNeedsAListWithoutHolesAndAnEmptyOneWithdraws() {
        assertInvalid(() -> DEFAULTS.batch(SVC, null), "Param 'instances' is required.");
        List<InstanceSpec> hole = new ArrayList<>(specs(2));
        hole.add(1, null);
        assertInvalid(() -> DEFAULTS.batch(SVC, hole), "Param 'instance' is required.");
        assertTrue(DEFAULTS.batch(SVC, List.of()).instances().isEmpty());
    }

    @Test
    void batchReportsTheFirstBadElementInListOrder() {
        List<InstanceSpec> specs = new ArrayList<>(specs(5));
        specs.set(1, spec("10.0.0.1", 70000));
        specs.set(3, spec("not an ip", 8080));
        specs.set(4, null);
        for (int i = 0; i < 20; i++) {
            assertInvalid(() -> DEFAULTS.batch(SVC, specs), "Param 'port' is illegal: 70000");
        }
        Collections.reverse(specs);
        assertInvalid(() -> DEFAULTS.batch(SVC, specs), "Param 'instance' is required.");
        assertInvalid(() -> DEFAULTS.batch(new ServiceRef("bad ns", null, "svc"), specs),
                "Param 'namespace' is illegal");
    }

    @Test
    void lookupChecksEveryClusterOfTheFilter() {
        assertEquals(new ServiceKey("public", "DEFAULT_GROUP", "svc"), DEFAULTS.lookup(SVC, "a,b"));
        DEFAULTS.lookup(SVC, "a, b,");
        DEFAULTS.lookup(SVC, null);
        DEFAULTS.lookup(SVC, " ");
        DEFAULTS.lookup(SVC, "c".repeat(64));
        assertInvalid(() -> DEFAULTS.lookup(SVC, "a,c 1,d.e"),
                "Param 'clusterName' is illegal: 'c 1' (expected at most 64 letters, digits, '-' or '_').");
        assertInvalid(() -> DEFAULTS.lookup(SVC, "a," + "c".repeat(65)), "Param 'clusterName' is illegal");
        assertInvalid(() -> DEFAULTS.lookup(new ServiceRef(null, null, "bad name"), "c 1"),
                "Param 'serviceName' is illegal");
        assertEquals("a, b,", InputNormalizer.clusterFilter("a, b,"));
        assertEquals("", InputNormalizer.clusterFilter(" "));
        assertEquals("", InputNormalizer.clusterFilter(null));
    }

    @Test
    void listingAppliesDefaultsAndReadsPagesAsNacosDoes() {
        assertEquals(new InputNormalizer.Listing("public", "DEFAULT_GROUP", 1, 500), DEFAULTS.listing(null, " ", 1, 500));
        assertEquals(new InputNormalizer.Listing("a_b-C9", "a-b_c:d.e", 3, 1), DEFAULTS.listing("a_b-C9", "a-b_c:d.e", 3, 1));
        assertEquals(1, DEFAULTS.listing(null, null, 0, 10).pageNo(), "page 0 reads as page 1");
        assertEquals(1, DEFAULTS.listing(null, null, -5, 10).pageNo());
        assertEquals(100_000, DEFAULTS.listing(null, null, 1, 100_000).pageSize(), "at the cap");
        assertEquals(100_000, DEFAULTS.listing(null, null, 1, 100_001).pageSize(), "one over the cap is cut");
        assertEquals(100_000, DEFAULTS.listing(null, null, 1, Integer.MAX_VALUE).pageSize(), "not refused");
        assertInvalid(() -> DEFAULTS.listing(null, "bad group!", 0, 0), "Param 'groupName' is illegal");
    }
}
