package io.jacos.transport.http.param;

import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceSettings;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InstanceAndServiceParamsTest {

    @Test
    void registerSpellsEnableAndUpdateEnabledWhichWins() {
        assertEquals(false, InstanceParams.spec(RequestParams.of(Map.of("enable", "false"))).enabled());
        assertEquals(true, InstanceParams.spec(RequestParams.of(Map.of("enable", "false", "enabled", "true")))
                .enabled());
    }

    @Test
    void readsEveryInstanceField() {
        InstanceSpec spec = InstanceParams.spec(RequestParams.of(Map.of("ip", "10.0.0.1", "port", "80",
                "weight", "2.5", "healthy", "false", "ephemeral", "true", "cluster", "c1", "metadata", "a=b")));

        assertEquals(new InstanceSpec(null, "10.0.0.1", 80, 2.5, false, null, true, "c1", Map.of("a", "b")), spec);
    }

    @Test
    void persistentFlagReachesTheApplication() {
        InstanceSpec spec = InstanceParams.spec(RequestParams.of(Map.of("ip", "10.0.0.1", "port", "80",
                "ephemeral", "false")));

        assertEquals(Boolean.FALSE, spec.ephemeral());
    }

    @Test
    void persistentInstancesTakeNoBeats() {
        RegistryException e = assertThrows(RegistryException.class,
                () -> InstanceParams.requireEphemeralBeat(false));
        assertTrue(e.getMessage().contains("take no beats"), e.getMessage());
    }

    @Test
    void serviceSettingsWithSelector() {
        ServiceSettings settings = ServiceParams.settings(RequestParams.of(Map.of("protectThreshold", "0.5",
                "metadata", "{\"k\":\"v\"}", "selector", "{\"type\":\"label\",\"expression\":\"a = b\"}")), false);

        assertEquals(new ServiceSettings(0.5f, Map.of("k", "v"), "label", "a = b"), settings);
    }

    @Test
    void selectorMayBeUrlEncodedOnceMore() {
        ServiceSettings settings = ServiceParams.settings(RequestParams.of(Map.of("selector",
                "%7B%22type%22%3A%22none%22%7D")), false);

        assertEquals("none", settings.selectorType());
    }

    @Test
    void updateRequiresTheThresholdAndABadSelectorIsRefused() {
        assertEquals("protectThreshold", assertThrows(RegistryException.class,
                () -> ServiceParams.settings(RequestParams.of(Map.of()), true)).param());
        assertEquals("selector", assertThrows(RegistryException.class,
                () -> ServiceParams.settings(RequestParams.of(Map.of("selector", "{\"expression\":\"x\"}")), false))
                .param());
    }
}
