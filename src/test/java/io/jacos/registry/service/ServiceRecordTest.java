package io.jacos.registry.service;

import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServiceRecordTest {

    private static final ServiceKey SVC = new ServiceKey("public", "DEFAULT_GROUP", "svc");
    private static final ClientId A = new ClientId("a");
    private static final ClientId B = new ClientId("b");

    private final AtomicLong counter = new AtomicLong(100);
    private final ServiceRecord record = new ServiceRecord(SVC, true, counter::incrementAndGet, () -> 0L);

    static Instance instance(String ip, String cluster) {
        return new Instance(ip + "#80#" + cluster, ip, 80, 1.0, true, true, true, cluster, Map.of());
    }

    @Test
    void startsEmptyWithARevision() {
        ServiceView view = record.view();
        assertEquals(SVC, view.key());
        assertEquals(101, view.revision());
        assertTrue(view.ephemeral());
        assertEquals(0f, view.protectThreshold());
        assertEquals(List.of(), view.instances());
        assertFalse(record.hasPublishers());
        assertEquals(Set.of(), record.clusters());
        assertFalse(new ServiceRecord(SVC, false, counter::incrementAndGet, () -> 0L).view().ephemeral());
    }

    @Test
    void everyChangeGetsANewRevision() {
        List<Long> revisions = new ArrayList<>();
        revisions.add(record.view().revision());
        assertTrue(record.publish(A, List.of(instance("1", "X"))));
        revisions.add(record.view().revision());
        assertTrue(record.publish(B, List.of(instance("2", "Y"))));
        revisions.add(record.view().revision());
        assertTrue(record.publish(A, List.of(instance("3", "X"))));
        revisions.add(record.view().revision());
        record.declare(new io.jacos.model.ServiceMeta(0.5f, null, null));
        revisions.add(record.view().revision());
        assertTrue(record.withdraw(B));
        revisions.add(record.view().revision());
        for (int i = 1; i < revisions.size(); i++) {
            assertTrue(revisions.get(i) > revisions.get(i - 1), "revisions increase: " + revisions);
        }
        assertEquals(0.5f, record.view().protectThreshold());
    }

    @Test
    void onlyClustersTheServiceDoesNotHoldCountAgainstTheClusterLimit() {
        record.publish(A, List.of(instance("1", "X"), instance("2", "Y")));

        assertFalse(record.wouldExceedClusters(List.of(instance("3", "X"), instance("4", "Y")), 2));
        assertTrue(record.wouldExceedClusters(List.of(instance("3", "Z")), 2));
        assertFalse(record.wouldExceedClusters(List.of(instance("3", "Z")), 3));
        assertTrue(record.wouldExceedClusters(List.of(instance("3", "Z"), instance("4", "W")), 3),
                "two new clusters in one publish count twice");
        assertFalse(record.wouldExceedClusters(List.of(instance("3", "X")), 1),
                "a lowered limit never refuses the clusters already held");
        assertFalse(record.wouldExceedClusters(List.of(instance("3", "Z")), 0), "0: no limit");
    }

    @Test
    void publishingTheSameInstancesAgainChangesNothing() {
        assertTrue(record.publish(A, List.of(instance("1", "X"))));
        ServiceView before = record.view();
        assertFalse(record.publish(A, List.of(instance("1", "X"))));
        assertSame(before, record.view());
    }

    @Test
    void withdrawingAnUnknownPublisherChangesNothing() {
        record.publish(A, List.of(instance("1", "X")));
        ServiceView before = record.view();
        assertFalse(record.withdraw(B));
        assertSame(before, record.view());
    }

    @Test
    void viewHoldsEveryPublisherInstancesAndPublishReplacesPerClient() {
        record.publish(A, List.of(instance("1", "X"), instance("2", "Y")));
        record.publish(B, List.of(instance("3", "Z")));
        assertEquals(List.of("1", "2", "3"), ips(record.view()));
        assertEquals(Set.of("X", "Y", "Z"), record.clusters());
        assertEquals(Set.of(A, B), record.publishers());
        assertTrue(record.hasPublishers());

        record.publish(A, List.of(instance("4", "Z")));
        assertEquals(List.of("3", "4"), ips(record.view()), "the latest publisher's instances come last");
        assertEquals(Set.of("Z"), record.clusters());

        record.withdraw(A);
        record.withdraw(B);
        assertEquals(List.of(), record.view().instances());
        assertEquals(Set.of(), record.clusters());
        assertFalse(record.hasPublishers());
    }

    @Test
    void anAddressHeldTwiceIsServedOnceWithTheLatestCopy() {
        Instance first = instance("1", "X");
        Instance again = new Instance(first.instanceId(), "1", first.port(), 5.0, true, true, true, "X", Map.of());
        record.publish(A, List.of(first, instance("2", "X"), again));
        assertEquals(List.of("1", "2"), ips(record.view()), "a batch repeating an address");
        assertEquals(5.0, record.view().instances().get(0).weight());

        record.publish(B, List.of(first));
        assertEquals(List.of("1", "2"), ips(record.view()), "two connections holding one address");
        assertEquals(first.weight(), record.view().instances().get(0).weight(), "the latest write wins");

        record.withdraw(B);
        assertEquals(List.of("1", "2"), ips(record.view()), "the other holder keeps it served");
        Instance otherCluster = new Instance("id", "1", first.port(), 1.0, true, true, true, "Y", Map.of());
        record.publish(B, List.of(otherCluster));
        assertEquals(List.of("1", "2", "1"), ips(record.view()), "same ip and port in another cluster is another");
    }

    @Test
    void publishedListIsCopied() {
        List<Instance> list = new ArrayList<>(List.of(instance("1", "X")));
        record.publish(A, list);
        list.add(instance("2", "X"));
        assertEquals(List.of("1"), ips(record.view()));
    }

    private static List<String> ips(ServiceView view) {
        return view.instances().stream().map(Instance::ip).toList();
    }

    @Test
    void changesBetweenTwoReadsAreBuiltOnceWithTheLastChangesRevisionAndTime() {
        AtomicLong now = new AtomicLong(1_000);
        ServiceRecord lazy = new ServiceRecord(SVC, true, counter::incrementAndGet, now::get);
        lazy.publish(A, List.of(instance("1", "X")));
        now.set(2_000);
        lazy.publish(B, List.of(instance("2", "Y")));
        long lastRevision = counter.get();
        assertEquals(lastRevision, lazy.revision(), "a change's revision is known before its view is built");

        ServiceView view = lazy.view();

        assertEquals(List.of("1", "2"), view.instances().stream().map(Instance::ip).toList());
        assertEquals(lastRevision, view.revision());
        assertEquals(2_000, view.changedAtMillis());
        assertEquals(Set.of("X", "Y"), lazy.clusters());
        assertEquals(2, lazy.healthyCount());
        assertSame(view, lazy.view(), "no change since: the built view is served again");
        assertEquals(lastRevision, counter.get(), "reading takes no revision");
        assertEquals(lastRevision, lazy.revision());
    }

    @Test
    void aViewReadIsFollowedByAViewOfALaterTimeEvenWithinOneMillisecond() {
        ServiceRecord sameMillisecond = new ServiceRecord(SVC, true, counter::incrementAndGet, () -> 1_000L);
        sameMillisecond.publish(A, List.of(instance("1", "X")));
        ServiceView read = sameMillisecond.view();
        sameMillisecond.publish(B, List.of(instance("2", "Y")));
        sameMillisecond.publish(A, List.of(instance("3", "X")));

        ServiceView next = sameMillisecond.view();

        assertTrue(read.changedAtMillis() >= 1_000);
        assertEquals(read.changedAtMillis() + 1, next.changedAtMillis(),
                "later than the view read, and changes not read share one time");
    }

    @Test
    void aChangeAfterAReadIsSeenByTheNextRead() {
        record.publish(A, List.of(instance("1", "X")));
        ServiceView first = record.view();

        record.withdraw(A);

        assertEquals(List.of(), record.view().instances());
        assertTrue(record.view().revision() > first.revision());
        assertEquals(Set.of(), record.clusters());
    }
}
