package io.jacos.audit;

import io.jacos.audit.HistoryEntry.Type;
import io.jacos.event.InstancesChanged;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

@DisplayName("History entries from one client's before and after")
class HistoryDiffTest {

    static final ClientId CLIENT = new ClientId("1700000000000_10.0.0.9_50000");
    static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    static final ChangeOrigin BY_CLIENT = ChangeOrigin.client(CLIENT);

    static Instance instance(String ip, double weight, boolean healthy, boolean enabled, Map<String, String> meta) {
        return new Instance(ip + "#8080#DEFAULT", ip, 8080, weight, healthy, enabled, true, "DEFAULT", meta);
    }

    static Instance instance(String ip) {
        return instance(ip, 1.0, true, true, Map.of());
    }

    static List<HistoryEntry> diff(List<Instance> before, List<Instance> after, ChangeOrigin origin) {
        return HistoryDiff.entries(new InstancesChanged(CLIENT, SERVICE, before, after, origin), 42L);
    }

    @Test
    void aNewInstanceIsRegisteredAndAMissingOneDeregisteredWithTheOriginsCauseAndActor() {
        ChangeOrigin closed = ChangeOrigin.of(ChangeCause.CONNECTION_CLOSED, CLIENT);
        assertEquals(List.of(new HistoryEntry(42L, Type.REGISTERED, "10.0.0.1:8080", "DEFAULT",
                        "weight 1.0, healthy, enabled", ChangeCause.CLIENT_REQUEST, CLIENT.value())),
                diff(List.of(), List.of(instance("10.0.0.1")), BY_CLIENT));
        assertEquals(List.of(new HistoryEntry(42L, Type.DEREGISTERED, "10.0.0.1:8080", "DEFAULT",
                        "weight 1.0, healthy, enabled", ChangeCause.CONNECTION_CLOSED, CLIENT.value())),
                diff(List.of(instance("10.0.0.1")), List.of(), closed));
    }

    @Test
    void aHealthFlipAndAnEditInOneChangeAreTwoEntries() {
        Instance before = instance("10.0.0.1", 1.0, true, true, Map.of("zone", "a", "v", "1"));
        Instance after = instance("10.0.0.1", 0.5, false, false, Map.of("zone", "a", "v", "2", "new", "x"));
        List<HistoryEntry> entries = diff(List.of(before), List.of(after), ChangeOrigin.admin("10.1.1.1"));
        assertEquals(List.of(Type.HEALTH_CHANGED, Type.EDITED), entries.stream().map(HistoryEntry::type).toList());
        assertEquals("healthy → unhealthy", entries.get(0).detail());
        assertEquals("weight 1.0 → 0.5; disabled; metadata new, v", entries.get(1).detail());
        assertEquals("admin@10.1.1.1", entries.get(1).actor());
        assertEquals(ChangeCause.ADMIN, entries.get(1).cause());
    }

    @Test
    void anUnchangedInstanceGivesNothingAndABatchIsDiffedPerInstance() {
        List<HistoryEntry> entries = diff(List.of(instance("10.0.0.1"), instance("10.0.0.2")),
                List.of(instance("10.0.0.2"), instance("10.0.0.3")), BY_CLIENT);
        assertEquals(List.of("REGISTERED 10.0.0.3:8080", "DEREGISTERED 10.0.0.1:8080"),
                entries.stream().map(e -> e.type() + " " + e.instance()).toList());
    }

    @Test
    void theSameAddressInAnotherClusterIsAnotherInstance() {
        Instance other = new Instance("x", "10.0.0.1", 8080, 1.0, true, true, true, "EU", Map.of());
        List<HistoryEntry> entries = diff(List.of(instance("10.0.0.1")), List.of(other), BY_CLIENT);
        assertEquals(List.of("REGISTERED EU", "DEREGISTERED DEFAULT"),
                entries.stream().map(e -> e.type() + " " + e.cluster()).toList());
    }

    @Test
    void aLongDetailIsCutWithAMarkerOfWhatWasLeftOut() {
        Map<String, String> many = new java.util.TreeMap<>();
        for (int i = 0; i < 60; i++) {
            many.put(String.format("metadata-key-%02d", i), "v");
        }
        List<HistoryEntry> entries = diff(List.of(instance("10.0.0.1")),
                List.of(instance("10.0.0.1", 1.0, true, true, many)), BY_CLIENT);
        String detail = entries.get(0).detail();
        String whole = "metadata " + String.join(", ", many.keySet());
        assertEquals(whole.substring(0, HistoryEntry.MAX_TEXT) + "… (" + (whole.length() - HistoryEntry.MAX_TEXT)
                + " more characters)", detail);
    }

    @Test
    void everyTextOfAnEntryIsCutAndNeverInsideASurrogatePair() {
        String longName = "x".repeat(HistoryEntry.MAX_TEXT - 1) + "\uD83D\uDE00" + "y".repeat(100);
        HistoryEntry entry = new HistoryEntry(1L, Type.EDITED, longName, longName, longName,
                ChangeCause.ADMIN, longName);
        for (String text : List.of(entry.instance(), entry.cluster(), entry.detail(), entry.actor())) {
            assertEquals("x".repeat(HistoryEntry.MAX_TEXT - 1) + "… (102 more characters)", text);
        }
        assertEquals("short", HistoryEntry.cut("short"));
        assertEquals(null, HistoryEntry.cut(null));
    }
}
