package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.Map;

import static io.jacos.application.internal.NameRulesTest.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InstanceRulesTest {

    private static final ServiceKey SVC = new ServiceKey("public", "DEFAULT_GROUP", "svc");

    private static InstanceSpec spec(String ip, Integer port) {
        return new InstanceSpec(null, ip, port, null, null, null, null, null, null);
    }

    @Test
    void defaultsAreAppliedAndTheSimpleIdGenerated() {
        Instance instance = InstanceRules.toInstance(SVC, spec("10.0.0.1", 8080), true);
        assertEquals("10.0.0.1#8080#DEFAULT#DEFAULT_GROUP@@svc", instance.instanceId());
        assertEquals("10.0.0.1", instance.ip());
        assertEquals(8080, instance.port());
        assertEquals(1.0, instance.weight());
        assertTrue(instance.healthy());
        assertTrue(instance.enabled());
        assertTrue(instance.ephemeral());
        assertEquals("DEFAULT", instance.clusterName());
        assertEquals(Map.of(), instance.metadata());
        assertFalse(InstanceRules.toInstance(SVC, spec("10.0.0.1", 8080), false).ephemeral());
    }

    @Test
    void givenValuesAreKept() {
        InstanceSpec spec = new InstanceSpec("my-id", "host-1.example.com", 0, 0.0, false, false, false, "c-1",
                Map.of("k", "v"));
        Instance instance = InstanceRules.toInstance(SVC, spec, true);
        assertEquals("my-id", instance.instanceId());
        assertEquals(0.0, instance.weight());
        assertFalse(instance.healthy());
        assertFalse(instance.enabled());
        assertFalse(instance.ephemeral());
        assertEquals("c-1", instance.clusterName());
        assertEquals(Map.of("k", "v"), instance.metadata());
        InstanceSpec blankId = new InstanceSpec(" ", "10.0.0.1", 80, null, null, null, null, "c-1", null);
        assertEquals("10.0.0.1#80#c-1#DEFAULT_GROUP@@svc", InstanceRules.toInstance(SVC, blankId, true).instanceId());
    }

    @Test
    void instanceIsRequired() {
        assertInvalid(() -> InstanceRules.toInstance(SVC, null, true), "Param 'instance' is required.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1", "0.0.0.0", "255.255.255.255", "::1", "fe80::1%eth0", "[2001:db8::1]",
            "2001:db8::ffff:10.0.0.1", "localhost", "host-1.example.com", "a"})
    void acceptedAddresses(String ip) {
        assertEquals(ip, InstanceRules.ip(ip));
    }

    @ParameterizedTest
    @ValueSource(strings = {"999.1.1.1", "256.0.0.1", "1.2.3", "1.2.3.4.5", "not an ip", "host_name", "-host",
            "10.0.0.1 ", "a..b", "zz::zz"})
    void refusedAddresses(String ip) {
        assertInvalid(() -> InstanceRules.ip(ip), "Param 'ip' is illegal");
    }

    @Test
    void ipIsRequiredAndBounded() {
        assertInvalid(() -> InstanceRules.ip(null), "Param 'ip' is required.");
        assertInvalid(() -> InstanceRules.ip(""), "Param 'ip' is required.");
        assertInvalid(() -> InstanceRules.ip("   "), "Param 'ip' is required.");
        String longHost = ("a".repeat(60) + ".").repeat(3) + "a".repeat(9); // 192 chars, valid labels
        assertInvalid(() -> InstanceRules.ip(longHost), "Param 'ip' is illegal");
    }

    @Test
    void portBounds() {
        assertEquals(0, InstanceRules.port(0));
        assertEquals(65535, InstanceRules.port(65535));
        assertInvalid(() -> InstanceRules.port(null), "Param 'port' is required.");
        assertInvalid(() -> InstanceRules.port(-1), "Param 'port' is illegal: -1 (expected 0 to 65535).");
        assertInvalid(() -> InstanceRules.port(65536), "Param 'port' is illegal: 65536");
        assertInvalid(() -> InstanceRules.port(70000), "Param 'port' is illegal: 70000");
    }

    @Test
    void weightBounds() {
        assertEquals(1.0, InstanceRules.weight(null));
        assertEquals(0.0, InstanceRules.weight(0.0));
        assertEquals(10000.0, InstanceRules.weight(10000.0));
        assertEquals(0.5, InstanceRules.weight(0.5));
        for (double bad : new double[]{-1, -0.001, 10000.001, 20000, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY}) {
            assertInvalid(() -> InstanceRules.weight(bad), "Param 'weight' is illegal: " + bad);
        }
    }

    @Test
    void metadataSizeIsCountedOverKeysAndValues() {
        assertEquals(Map.of(), InstanceRules.metadata(null));
        assertEquals(Map.of(), InstanceRules.metadata(Map.of()));
        Map<String, String> exactly = Map.of("k", "v".repeat(1023));
        assertEquals(exactly, InstanceRules.metadata(exactly));
        assertInvalid(() -> InstanceRules.metadata(Map.of("k", "v".repeat(1024))),
                "Param 'metadata' is illegal: 1025 characters (at most 1024).");
        assertInvalid(() -> InstanceRules.metadata(Map.of("k".repeat(600), "v".repeat(600))),
                "Param 'metadata' is illegal: 1200 characters");
    }

    @Test
    void metadataRefusesNullKeysAndValues() {
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("k", null);
        assertInvalid(() -> InstanceRules.metadata(nullValue), "Param 'metadata' is illegal: null");
        Map<String, String> nullKey = new HashMap<>();
        nullKey.put(null, "v");
        assertInvalid(() -> InstanceRules.metadata(nullKey), "Param 'metadata' is illegal: null");
    }

    @Test
    void heartBeatTimeoutsMustNotBeBelowTheInterval() {
        Map<String, String> ok = Map.of("preserved.heart.beat.interval", "1000",
                "preserved.heart.beat.timeout", "1000", "preserved.ip.delete.timeout", "3000");
        assertEquals(ok, InstanceRules.metadata(ok));
        assertInvalid(() -> InstanceRules.metadata(Map.of("preserved.heart.beat.interval", "20000")),
                "Instance 'heart beat timeout' and 'ip delete timeout' must not be smaller");
        assertInvalid(() -> InstanceRules.metadata(Map.of("preserved.heart.beat.timeout", "4000")),
                "Instance 'heart beat timeout'");
        assertInvalid(() -> InstanceRules.metadata(Map.of("preserved.ip.delete.timeout", "10")),
                "Instance 'heart beat timeout'");
        assertInvalid(() -> InstanceRules.metadata(Map.of("preserved.heart.beat.interval", "soon")),
                "Metadata 'preserved.heart.beat.interval' must be a number of milliseconds.");
        Map<String, String> blank = Map.of("preserved.heart.beat.interval", " ");
        assertEquals(blank, InstanceRules.metadata(blank));
    }

    @Test
    void firstInvalidFieldIsReportedWithCode400() {
        InstanceSpec bad = new InstanceSpec(null, "10.0.0.1", 8080, -1.0, null, null, null, "c 1", null);
        RegistryException e = assertThrows(RegistryException.class, () -> InstanceRules.toInstance(SVC, bad, true));
        assertEquals(400, e.code());
        assertTrue(e.getMessage().startsWith("Param 'weight'"), e.getMessage());
        InstanceSpec badCluster = new InstanceSpec(null, "10.0.0.1", 8080, null, null, null, null, "c 1", null);
        assertInvalid(() -> InstanceRules.toInstance(SVC, badCluster, true), "Param 'clusterName' is illegal");
    }
}
