package io.jacos.application.validation;

import io.jacos.application.InstanceSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.Map;

import static io.jacos.application.validation.Refusals.VALIDATOR;
import static io.jacos.application.validation.Refusals.assertInvalid;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Nacos instance rules as declared on {@link InstanceSpec}. */
class InstanceConstraintsTest {

    private static InstanceSpec at(String ip, Integer port) {
        return new InstanceSpec(null, ip, port, null, null, null, null, null, null);
    }

    private static InstanceSpec weighing(Double weight) {
        return new InstanceSpec(null, "10.0.0.1", 80, weight, null, null, null, null, null);
    }

    private static InstanceSpec withMetadata(Map<String, String> metadata) {
        return new InstanceSpec(null, "10.0.0.1", 80, null, null, null, null, null, metadata);
    }

    private static void accepts(InstanceSpec spec) {
        assertDoesNotThrow(() -> VALIDATOR.check(spec));
    }

    private static void refuses(InstanceSpec spec, String messageStart) {
        assertInvalid(() -> VALIDATOR.check(spec), messageStart);
    }

    /** Whatever Nacos takes is taken: its real clients would re-send a refused registration for ever. */
    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1", "0.0.0.0", "255.255.255.255", "::1", "fe80::1%eth0", "[2001:db8::1]",
            "2001:db8::ffff:10.0.0.1", "localhost", "host-1.example.com", "a", "my_host.local", "host_name",
            "999.1.1.1", "256.0.0.1", "1.2.3", "1.2.3.4.5", "-host", "a..b", "zz::zz"})
    void addressesNacosAcceptsAreAccepted(String ip) {
        accepts(at(ip, 8080));
    }

    @Test
    void ipOfExactly128CharactersIsAcceptedAndOf129Refused() {
        accepts(at("a".repeat(128), 8080));
        refuses(at("a".repeat(129), 8080), "Param 'ip' is illegal: '" + "a".repeat(77) + "...' (expected at most 128");
    }

    @ParameterizedTest
    @ValueSource(strings = {"not an ip", "10.0.0.1 ", " 10.0.0.1", "10.0.0.1\t", "a\nb", "10.0.0.1\r", "主机",
            "host-中"})
    void addressesWithWhitespaceOrCjkAreRefused(String ip) {
        refuses(at(ip, 8080), "Param 'ip' is illegal");
    }

    @Test
    void refusedIpMessage() {
        refuses(at("not an ip", 8080), "Param 'ip' is illegal: 'not an ip' "
                + "(expected at most 128 characters, no whitespace or CJK characters).");
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"   "})
    void ipIsRequired(String blank) {
        refuses(at(blank, 8080), "Param 'ip' is required.");
    }

    @Test
    void portBounds() {
        accepts(at("10.0.0.1", 0));
        accepts(at("10.0.0.1", 65535));
        refuses(at("10.0.0.1", null), "Param 'port' is required.");
        refuses(at("10.0.0.1", -1), "Param 'port' is illegal: -1 (expected 0 to 65535).");
        refuses(at("10.0.0.1", 65536), "Param 'port' is illegal: 65536 (expected 0 to 65535).");
        refuses(at("10.0.0.1", 70000), "Param 'port' is illegal: 70000");
    }

    @Test
    void weightBounds() {
        for (Double ok : new Double[]{null, 0.0, 0.5, 1.0, 10000.0}) {
            accepts(weighing(ok));
        }
        for (double bad : new double[]{-1, -0.001, 10000.001, 20000, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY}) {
            refuses(weighing(bad), "Param 'weight' is illegal: " + bad + " (expected 0.0 to 10000.0).");
        }
    }

    @Test
    void metadataRefusesNullKeysAndValues() {
        accepts(withMetadata(null));
        accepts(withMetadata(Map.of()));
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("k", null);
        refuses(withMetadata(nullValue), "Param 'metadata' is illegal: null keys or values are not allowed.");
        Map<String, String> nullKey = new HashMap<>();
        nullKey.put(null, "v");
        refuses(withMetadata(nullKey), "Param 'metadata' is illegal: null keys or values are not allowed.");
    }

    @Test
    void heartBeatTimeoutsMayEqualButNotUndercutTheInterval() {
        accepts(withMetadata(Map.of("preserved.heart.beat.interval", "1000",
                "preserved.heart.beat.timeout", "1000", "preserved.ip.delete.timeout", "1000")));
        String rule = "Instance 'heart beat timeout' and 'ip delete timeout' must not be smaller than "
                + "'heart beat interval'.";
        refuses(withMetadata(Map.of("preserved.heart.beat.interval", "1000",
                "preserved.heart.beat.timeout", "999")), rule);
        refuses(withMetadata(Map.of("preserved.heart.beat.interval", "1000",
                "preserved.ip.delete.timeout", "999")), rule);
        // Against the Nacos defaults (interval 5000, timeout 15000, delete 30000).
        accepts(withMetadata(Map.of("preserved.heart.beat.interval", "15000")));
        refuses(withMetadata(Map.of("preserved.heart.beat.interval", "15001")), rule);
        refuses(withMetadata(Map.of("preserved.heart.beat.timeout", "4999")), rule);
        refuses(withMetadata(Map.of("preserved.ip.delete.timeout", "10")), rule);
    }

    @Test
    void heartBeatSettingsMustBeNumbersOrBlank() {
        accepts(withMetadata(Map.of("preserved.heart.beat.interval", " ")));
        accepts(withMetadata(Map.of("preserved.heart.beat.timeout", " 20000 ")));
        refuses(withMetadata(Map.of("preserved.heart.beat.interval", "soon")),
                "Metadata 'preserved.heart.beat.interval' must be a number of milliseconds.");
        refuses(withMetadata(Map.of("preserved.heart.beat.timeout", "1.5")),
                "Metadata 'preserved.heart.beat.timeout' must be a number of milliseconds.");
        refuses(withMetadata(Map.of("preserved.ip.delete.timeout", "x")),
                "Metadata 'preserved.ip.delete.timeout' must be a number of milliseconds.");
    }

    @Test
    void severalBadFieldsReportTheFirstInIpPortWeightClusterMetadataOrder() {
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("k", null);
        InstanceSpec allBad = new InstanceSpec(null, "bad ip", -1, -1.0, null, null, null, "c 1", nullValue);
        InstanceSpec fromPort = new InstanceSpec(null, "10.0.0.1", -1, -1.0, null, null, null, "c 1", nullValue);
        InstanceSpec fromWeight = new InstanceSpec(null, "10.0.0.1", 80, -1.0, null, null, null, "c 1", nullValue);
        InstanceSpec fromCluster = new InstanceSpec(null, "10.0.0.1", 80, null, null, null, null, "c 1", nullValue);
        for (int i = 0; i < 20; i++) {
            refuses(allBad, "Param 'ip' is illegal");
            refuses(fromPort, "Param 'port' is illegal");
            refuses(fromWeight, "Param 'weight' is illegal");
            refuses(fromCluster, "Param 'clusterName' is illegal");
        }
        assertEquals(400, assertInvalid(() -> VALIDATOR.check(allBad), "Param 'ip'").code());
    }
}
