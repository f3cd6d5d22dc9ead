package io.jacos.transport.grpc;

import io.jacos.transport.grpc.dto.ConnectionSetupBody;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("What one ConnectionSetupRequest may carry")
class SetupBoundsTest {

    private static final String VERSION = "Nacos-Java-Client:v2.5.1";

    private static Optional<String> check(Map<String, String> labels) {
        return SetupBounds.violation(new ConnectionSetupBody(VERSION, null, labels, Map.of()), "10.0.0.1");
    }

    private static Map<String, String> labels(int count, int keyLength, int valueLength) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String key = (i + "k" + "x".repeat(keyLength)).substring(0, keyLength);
            labels.put(key, "v".repeat(valueLength));
        }
        return labels;
    }

    @Test
    void whatTheRealClientsSendPasses() {
        Map<String, String> naming = Map.of("source", "sdk", "module", "naming", "AppName", "orders-service",
                "tls.enable", "false");
        assertEquals(Optional.empty(), check(naming));
        Map<String, String> configWithAppLabels = new HashMap<>(naming);
        configWithAppLabels.putAll(Map.of("module", "config", "taskId", "0", "app_zone", "eu-west-1a",
                "app_team", "payments"));
        assertEquals(Optional.empty(), SetupBounds.violation(new ConnectionSetupBody("Nacos-Java-Client:v3.1.1",
                "tenant-a", configWithAppLabels, Map.of("supportPersistentInstanceByGrpc", true)), "192.168.1.20"));
        assertEquals(Optional.empty(), SetupBounds.violation(new ConnectionSetupBody(null, null, null, null), ""));
    }

    @Test
    void theLabelCountStopsAtItsBound() {
        assertEquals(Optional.empty(), check(labels(SetupBounds.MAX_LABELS, 8, 8)));
        assertEquals(Optional.of("65 labels (at most 64)"), check(labels(SetupBounds.MAX_LABELS + 1, 8, 8)));
    }

    @Test
    void aLabelKeyOrValueStopsAtItsLength() {
        assertEquals(Optional.empty(), check(labels(1, SetupBounds.MAX_LABEL_KEY, SetupBounds.MAX_LABEL_VALUE)));
        assertEquals(Optional.of("a label key longer than 128 characters"),
                check(labels(1, SetupBounds.MAX_LABEL_KEY + 1, 8)));
        assertEquals(Optional.of("a label value longer than 512 characters"),
                check(labels(1, 8, SetupBounds.MAX_LABEL_VALUE + 1)));
    }

    @Test
    void theLabelsTogetherStopAtTheirTotal() {
        // 8 labels of 8 + 504 characters: 4096 in all, then one character more.
        assertEquals(Optional.empty(), check(labels(8, 8, 504)));
        Map<String, String> over = labels(8, 8, 504);
        over.put("z", "");
        assertEquals(Optional.of("labels of 4097 characters in all (at most 4096)"), check(over));
    }

    @Test
    void aLabelWithoutAValueIsRefused() {
        Map<String, String> labels = new HashMap<>();
        labels.put("source", null);
        assertEquals(Optional.of("a label without a key or value"), check(labels));
    }

    @Test
    void theFreeTextFieldsStopAtTheirLength() {
        String ok = "v".repeat(SetupBounds.MAX_TEXT);
        String over = ok + "v";
        assertEquals(Optional.empty(), SetupBounds.violation(new ConnectionSetupBody(ok, ok, Map.of(), Map.of()), ok));
        assertEquals(Optional.of("clientVersion longer than 128 characters"),
                SetupBounds.violation(new ConnectionSetupBody(over, null, Map.of(), Map.of()), ""));
        assertEquals(Optional.of("tenant longer than 128 characters"),
                SetupBounds.violation(new ConnectionSetupBody(VERSION, over, Map.of(), Map.of()), ""));
        assertEquals(Optional.of("metadata.clientIp longer than 128 characters"),
                SetupBounds.violation(new ConnectionSetupBody(VERSION, null, Map.of(), Map.of()), over));
    }

    @Test
    void theAbilityTableStopsAtItsBounds() {
        Map<String, Boolean> abilities = new HashMap<>();
        for (int i = 0; i < SetupBounds.MAX_ABILITIES; i++) {
            abilities.put("ability" + i, true);
        }
        assertEquals(Optional.empty(), SetupBounds.violation(new ConnectionSetupBody(VERSION, null, Map.of(),
                abilities), ""));
        abilities.put("one-more", true);
        assertEquals(Optional.of("129 abilities (at most 128)"), SetupBounds.violation(new ConnectionSetupBody(
                VERSION, null, Map.of(), abilities), ""));
        assertEquals(Optional.of("an ability key longer than 128 characters"), SetupBounds.violation(
                new ConnectionSetupBody(VERSION, null, Map.of(), Map.of("a".repeat(129), true)), ""));
    }

    @Test
    void theReasonNeverCarriesTheValueSent() {
        String secret = "s3cr3t-" + "x".repeat(600);
        String reason = check(Map.of("token", secret)).orElseThrow();
        assertFalse(reason.contains("s3cr3t"), reason);
        assertTrue(reason.contains("512"), reason);
    }
}
