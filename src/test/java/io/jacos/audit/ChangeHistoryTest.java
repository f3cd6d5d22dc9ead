package io.jacos.audit;

import io.jacos.settings.HistorySettings;
import io.jacos.audit.HistoryEntry.Type;
import io.jacos.event.InstancesChanged;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static io.jacos.audit.HistoryDiffTest.instance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("The change history of every service, bounded")
class ChangeHistoryTest {

    static final ClientId CLIENT = new ClientId("conn-1");

    long now = 1_000;
    final Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(now);
        }
    };

    static ServiceKey service(int i) {
        return new ServiceKey("public", "DEFAULT_GROUP", "s" + i);
    }

    static InstancesChanged registered(ServiceKey service, String ip) {
        return new InstancesChanged(CLIENT, service, List.of(), List.of(instance(ip)), ChangeOrigin.client(CLIENT));
    }

    @Test
    void entriesComeBackNewestFirstWithTheirTimeAndOnlyTheLastOnesAreKept() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(3, 100, 100_000));
        for (int i = 1; i <= 5; i++) {
            now = i * 1000L;
            history.changed(registered(service(1), "10.0.0." + i));
        }
        List<HistoryEntry> entries = history.of(service(1), 10);
        assertEquals(List.of("10.0.0.5:8080", "10.0.0.4:8080", "10.0.0.3:8080"),
                entries.stream().map(HistoryEntry::instance).toList());
        assertEquals(5000L, entries.get(0).time());
        assertEquals(2, history.of(service(1), 2).size());
    }

    @Test
    void aServicesHistoryOutlivesItsInstances() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(10, 100, 100_000));
        history.changed(registered(service(1), "10.0.0.1"));
        history.changed(new InstancesChanged(CLIENT, service(1), List.of(instance("10.0.0.1")), List.of(),
                ChangeOrigin.of(ChangeCause.CONNECTION_PROBE_FAILED, CLIENT)));
        HistoryEntry last = history.of(service(1), 1).get(0);
        assertEquals(Type.DEREGISTERED, last.type());
        assertEquals(ChangeCause.CONNECTION_PROBE_FAILED, last.cause());
        assertEquals("conn-1", last.actor());
        assertTrue(history.knows(service(1)));
    }

    @Test
    void aChangeThatChangesNothingLeavesNoTrace() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(10, 100, 100_000));
        Instance same = instance("10.0.0.1");
        history.changed(new InstancesChanged(CLIENT, service(1), List.of(same), List.of(same),
                ChangeOrigin.client(CLIENT)));
        assertFalse(history.knows(service(1)));
        assertEquals(List.of(), history.of(service(1), 10));
    }

    @Test
    void beyondTheServiceBoundTheHistoriesChangedLongestAgoGoFirst() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(10, 10, 100_000));
        for (int i = 0; i < 10; i++) {
            now = 1000L + i;
            history.changed(registered(service(i), "10.0.0.1"));
        }
        now = 5000;
        history.changed(registered(service(0), "10.0.0.2"));
        history.changed(registered(service(10), "10.0.0.1"));
        assertFalse(history.knows(service(1)), "the least recently changed one is dropped");
        assertTrue(history.knows(service(0)), "a recent change keeps a service");
        assertTrue(history.knows(service(10)));
        assertEquals(10, java.util.stream.IntStream.rangeClosed(0, 10).filter(i -> history.knows(service(i))).count());
    }

    @Test
    void anEntryBeyondAServicesBoundReplacesItsOldestAndTheTotalStays() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(3, 100, 100_000));
        for (int i = 1; i <= 5; i++) {
            history.changed(registered(service(1), "10.0.0." + i));
        }
        assertEquals(3, history.size());
    }

    @Test
    void beyondTheEntryBoundTheHistoriesChangedLongestAgoGoFirstUntilATenthIsFree() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(10, 1000, 50));
        for (int i = 0; i < 10; i++) {
            now = 1000L + i;
            for (int e = 1; e <= 5; e++) {
                history.changed(registered(service(i), "10.0.0." + e));
            }
        }
        assertEquals(50, history.size(), "at the bound, nothing dropped");
        assertTrue(history.knows(service(0)));

        now = 5000;
        history.changed(registered(service(10), "10.0.0.1"));
        assertFalse(history.knows(service(0)), "the history changed longest ago");
        assertFalse(history.knows(service(1)));
        assertTrue(history.knows(service(2)));
        assertTrue(history.knows(service(10)), "the service that just changed stays");
        assertEquals(41, history.size(), "dropped until no more than 45 (a tenth under the bound) are left");
    }

    @Test
    void theEntryBoundHoldsAtLeastTwoFullServiceHistories() {
        ChangeHistory history = new ChangeHistory(clock, new HistorySettings(10, 1000, 1));
        for (int service = 1; service <= 2; service++) {
            for (int e = 1; e <= 10; e++) {
                now += 1;
                history.changed(registered(service(service), "10.0.0." + e));
            }
        }
        assertEquals(20, history.size(), "two full histories fit");
        now += 1;
        history.changed(registered(service(3), "10.0.0.1"));
        assertFalse(history.knows(service(1)));
        assertTrue(history.knows(service(2)), "a full history changed just before is kept");
        assertTrue(history.knows(service(3)));
    }
}
