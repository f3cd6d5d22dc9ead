package io.jacos.application;

import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InstanceSelectorTest {

    private static final ServiceKey SVC = new ServiceKey("public", "DEFAULT_GROUP", "svc");

    private static Instance host(String ip, String cluster, boolean healthy, boolean enabled) {
        return new Instance(ip + "#80#" + cluster, ip, 80, 1.0, healthy, enabled, true, cluster, Map.of("k", ip));
    }

    private static ServiceView view(float protectThreshold, Instance... instances) {
        return new ServiceView(SVC, 7, 0, true, new io.jacos.model.ServiceMeta(protectThreshold, null, null), List.of(instances));
    }

    private static List<String> ips(Selection selection) {
        return selection.hosts().stream().map(Instance::ip).toList();
    }

    @Test
    void everythingEnabledIsReturnedWithoutAFilter() {
        ServiceView view = view(0f, host("1", "A", true, true), host("2", "B", true, true));
        Selection all = InstanceSelector.select(view, "", false);
        assertEquals(List.of("1", "2"), ips(all));
        assertEquals(SVC, all.service());
        assertEquals(7, all.revision());
        assertEquals("", all.clusters());
        assertFalse(all.healthyOnly());
        assertFalse(all.reachProtectionThreshold());
        assertEquals("", InstanceSelector.select(view, null, false).clusters());
        assertEquals(List.of("1", "2"), ips(InstanceSelector.select(view, null, false)));
    }

    @Test
    void clusterFilterKeepsTheNamedClustersAndEchoesTheString() {
        ServiceView view = view(0f, host("1", "A", true, true), host("2", "B", true, true),
                host("3", "C", true, true));
        assertEquals(List.of("1"), ips(InstanceSelector.select(view, "A", false)));
        Selection two = InstanceSelector.select(view, "C, A", false);
        assertEquals(List.of("1", "3"), ips(two));
        assertEquals("C, A", two.clusters());
        assertEquals(List.of("2"), ips(InstanceSelector.select(view, ",B,", false)));
        assertEquals(List.of(), ips(InstanceSelector.select(view, "Z", false)));
        assertEquals(List.of("1", "2", "3"), ips(InstanceSelector.select(view, " , ", false)));
    }

    @Test
    void aServiceWithoutSettingsIsNeverProtected() {
        ServiceView undeclared = new ServiceView(SVC, 7, 0, true, io.jacos.model.ServiceMeta.DEFAULT,
                List.of(host("1", "A", false, true)));
        Selection all = InstanceSelector.select(undeclared, "", false);
        assertEquals(List.of("1"), ips(all));
        assertFalse(all.hosts().get(0).healthy(), "shown as it is");
        assertFalse(all.reachProtectionThreshold());
        assertEquals(List.of(), ips(InstanceSelector.select(undeclared, "", true)));
    }

    @Test
    void disabledInstancesAreDropped() {
        ServiceView view = view(0f, host("1", "A", true, false), host("2", "A", true, true),
                host("3", "A", false, false));
        assertEquals(List.of("2"), ips(InstanceSelector.select(view, "", false)));
    }

    @Test
    void healthyOnlyDropsUnhealthyInstances() {
        ServiceView view = view(0f, host("1", "A", true, true), host("2", "A", false, true),
                host("3", "A", true, true));
        Selection selection = InstanceSelector.select(view, "", true);
        assertEquals(List.of("1", "3"), ips(selection));
        assertTrue(selection.healthyOnly());
        assertFalse(selection.reachProtectionThreshold());
        Selection everyone = InstanceSelector.select(view, "", false);
        assertEquals(List.of("1", "2", "3"), ips(everyone));
        assertFalse(everyone.hosts().get(1).healthy());
    }

    @Test
    void defaultThresholdZeroProtectsOnlyWhenEveryHostIsUnhealthy() {
        ServiceView allDown = view(0f, host("1", "A", false, true), host("2", "A", false, true));
        Selection protectedSelection = InstanceSelector.select(allDown, "", false);
        assertTrue(protectedSelection.reachProtectionThreshold());
        assertEquals(List.of("1", "2"), ips(protectedSelection));
        assertTrue(protectedSelection.hosts().stream().allMatch(Instance::healthy));
        // Everything else about the hosts is kept.
        assertEquals(allDown.instances().get(0).metadata(), protectedSelection.hosts().get(0).metadata());
        assertEquals(allDown.instances().get(0).instanceId(), protectedSelection.hosts().get(0).instanceId());

        ServiceView oneUp = view(0f, host("1", "A", false, true), host("2", "A", true, true));
        Selection normal = InstanceSelector.select(oneUp, "", false);
        assertFalse(normal.reachProtectionThreshold());
        assertFalse(normal.hosts().get(0).healthy());
    }

    @Test
    void thresholdIsComparedWithTheHealthyShareOfTheFilteredHosts() {
        ServiceView view = view(0.5f, host("1", "A", true, true), host("2", "A", false, true),
                host("3", "B", false, true), host("4", "B", true, true), host("5", "B", true, true));
        // 3 of 5 healthy = 0.6 > 0.5: no protection.
        assertFalse(InstanceSelector.select(view, "", false).reachProtectionThreshold());
        // Cluster A: 1 of 2 = 0.5 <= 0.5: protected.
        Selection a = InstanceSelector.select(view, "A", false);
        assertTrue(a.reachProtectionThreshold());
        assertTrue(a.hosts().stream().allMatch(Instance::healthy));
        // Cluster B: 2 of 3 > 0.5.
        assertFalse(InstanceSelector.select(view, "B", false).reachProtectionThreshold());
    }

    @Test
    void disabledHostsDoNotCountTowardsTheThreshold() {
        ServiceView view = view(0f, host("1", "A", true, false), host("2", "A", false, true));
        Selection selection = InstanceSelector.select(view, "", false);
        assertTrue(selection.reachProtectionThreshold());
        assertEquals(List.of("2"), ips(selection));
        assertTrue(selection.hosts().get(0).healthy());
    }

    @Test
    void emptyListNeverReachesTheThreshold() {
        assertFalse(InstanceSelector.select(view(0f), "", false).reachProtectionThreshold());
        assertEquals(List.of(), InstanceSelector.select(view(1f), "", true).hosts());
        assertFalse(InstanceSelector.select(view(1f), "", true).reachProtectionThreshold());
        ServiceView onlyOtherClusters = view(1f, host("1", "A", false, true));
        Selection none = InstanceSelector.select(onlyOtherClusters, "B", false);
        assertEquals(List.of(), none.hosts());
        assertFalse(none.reachProtectionThreshold());
    }

    @Test
    void negativeThresholdActsAsZero() {
        ServiceView allDown = view(-1f, host("1", "A", false, true));
        assertTrue(InstanceSelector.select(allDown, "", false).reachProtectionThreshold());
        ServiceView oneUp = view(-1f, host("1", "A", true, true), host("2", "A", false, true));
        assertFalse(InstanceSelector.select(oneUp, "", false).reachProtectionThreshold());
    }

    @Test
    void healthyOnlyWithAllUnhealthyHostsStillReachesTheThreshold() {
        // The healthy share is taken before the healthy-only filter, and protection returns every candidate.
        ServiceView allDown = view(0f, host("1", "A", false, true), host("2", "A", false, true),
                host("3", "B", false, true));
        Selection selection = InstanceSelector.select(allDown, "A", true);
        assertEquals(List.of("1", "2"), ips(selection));
        assertTrue(selection.reachProtectionThreshold());
        assertTrue(selection.hosts().stream().allMatch(Instance::healthy));
    }

    @Test
    void healthyOnlyUsesTheShareOfAllCandidatesForTheThreshold() {
        // 1 of 3 healthy = 0.33 <= 0.5: all three come back, marked healthy.
        ServiceView view = view(0.5f, host("1", "A", true, true), host("2", "A", false, true),
                host("3", "A", false, true));
        Selection protectedSelection = InstanceSelector.select(view, "", true);
        assertEquals(List.of("1", "2", "3"), ips(protectedSelection));
        assertTrue(protectedSelection.reachProtectionThreshold());
        // 2 of 3 healthy = 0.67 > 0.5: only the healthy ones.
        ServiceView mostlyUp = view(0.5f, host("1", "A", true, true), host("2", "A", false, true),
                host("3", "A", true, true));
        Selection normal = InstanceSelector.select(mostlyUp, "", true);
        assertEquals(List.of("1", "3"), ips(normal));
        assertFalse(normal.reachProtectionThreshold());
    }
}
