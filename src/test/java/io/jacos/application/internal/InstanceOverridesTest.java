package io.jacos.application.internal;

import io.jacos.application.InstanceEdit;
import io.jacos.event.InstancesChanged;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The overlay of operators' edits of ephemeral instances: applied on publish, merged, bounded, dropped at the end. */
class InstanceOverridesTest {

    private static final ServiceKey SVC = new ServiceKey("public", "DEFAULT_GROUP", "svc");
    private static final ClientId CONN = new ClientId("conn-1");

    private final InstanceOverrides overrides = TestServices.overrides(2, null);

    private static Instance instance(String ip, int port, String cluster, boolean ephemeral) {
        return new Instance(ip + "#" + port, ip, port, 1.0, true, true, ephemeral, cluster, Map.of("a", "1"));
    }

    private static InstanceOverrides.Target target(String ip, int port) {
        return new InstanceOverrides.Target(SVC, "DEFAULT", ip, port);
    }

    @Test
    void withoutEditsThePublicationIsUntouched() {
        List<Instance> published = List.of(instance("10.0.0.1", 80, "DEFAULT", true));
        assertSame(published, overrides.apply(SVC, published));
    }

    @Test
    void anEditIsAppliedToItsInstanceOnlyAndMergesWithEarlierEdits() {
        overrides.record(target("10.0.0.1", 80), new InstanceEdit(5.0, null, null));
        overrides.record(target("10.0.0.1", 80), new InstanceEdit(null, false, Map.of("b", "2")));
        List<Instance> applied = overrides.apply(SVC, List.of(instance("10.0.0.1", 80, "DEFAULT", true),
                instance("10.0.0.1", 81, "DEFAULT", true), instance("10.0.0.1", 80, "OTHER", true),
                instance("10.0.0.1", 80, "DEFAULT", false)));
        Instance edited = applied.get(0);
        assertEquals(5.0, edited.weight());
        assertEquals(false, edited.enabled());
        assertEquals(Map.of("b", "2"), edited.metadata());
        assertEquals(true, edited.healthy(), "health is not an operator's edit");
        assertEquals(instance("10.0.0.1", 81, "DEFAULT", true), applied.get(1));
        assertEquals(instance("10.0.0.1", 80, "OTHER", true), applied.get(2));
        assertEquals(instance("10.0.0.1", 80, "DEFAULT", false), applied.get(3), "persistent edits are stored, "
                + "never overlaid");
        assertEquals(1, overrides.size());
    }

    @Test
    void beyondTheBoundANewInstanceIsRefusedAndNothingChanges() {
        overrides.record(target("10.0.0.1", 80), new InstanceEdit(2.0, null, null));
        overrides.record(target("10.0.0.2", 80), new InstanceEdit(2.0, null, null));
        RegistryException refused = assertThrows(RegistryException.class,
                () -> overrides.record(target("10.0.0.3", 80), new InstanceEdit(2.0, null, null)));
        assertEquals(RegistryException.OVER_THRESHOLD, refused.code());
        assertEquals(2, overrides.size());
        assertEquals(1.0, overrides.apply(SVC, List.of(instance("10.0.0.3", 80, "DEFAULT", true))).get(0).weight());
        // An instance already edited may be edited again at the bound.
        overrides.record(target("10.0.0.1", 80), new InstanceEdit(3.0, null, null));
        assertEquals(3.0, overrides.apply(SVC, List.of(instance("10.0.0.1", 80, "DEFAULT", true))).get(0).weight());
    }

    @Test
    void anEditEndsWithItsInstance() {
        Instance shown = instance("10.0.0.1", 80, "DEFAULT", true);
        overrides.record(target("10.0.0.1", 80), new InstanceEdit(null, false, null));

        // Amended in place (the edit itself, a health mark): the instance lives on.
        overrides.forgetEnded(change(List.of(shown), List.of(shown.withHealthy(false))), s -> List.of(shown));
        assertEquals(1, overrides.size());
        // The old connection goes, but the client's new connection publishes it already (a move): it lives on.
        overrides.forgetEnded(change(List.of(shown), List.of()), s -> List.of(shown));
        assertEquals(1, overrides.size());
        // Deregistered and nobody else publishes it: the instance ended, and its edit with it.
        overrides.forgetEnded(change(List.of(shown), List.of()), s -> List.of());
        assertEquals(0, overrides.size());
        assertEquals(true, overrides.apply(SVC, List.of(shown)).get(0).enabled());
    }

    private static InstancesChanged change(List<Instance> before, List<Instance> after) {
        return new InstancesChanged(CONN, SVC, before, after, ChangeOrigin.client(CONN));
    }
}
