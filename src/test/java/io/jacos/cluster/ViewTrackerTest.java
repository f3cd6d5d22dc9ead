package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.MergeView;
import org.jgroups.View;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ViewTrackerTest {

    private static final NodeId A = new NodeId("127.0.0.1", 28848);
    private static final NodeId B = new NodeId("127.0.0.1", 28858);

    private final Address a = UUID.randomUUID();
    private final Address b = UUID.randomUUID();
    private final Map<Address, String> names = new HashMap<>(Map.of(a, A.address(), b, B.address()));
    private final RecordingInbox inbox = new RecordingInbox();
    private final ViewTracker tracker = new ViewTracker(A, inbox, address -> Optional.ofNullable(names.get(address)));

    @Test
    void beforeAnyViewThisNodeIsAlone() {
        assertEquals(List.of(A), tracker.current().members());
        assertTrue(inbox.views.isEmpty());
    }

    @Test
    void aViewIsHandedOnSortedWithNodeIds() {
        tracker.viewAccepted(View.create(b, 3, b, a));
        assertEquals(new MembershipView(3, List.of(A, B), false), inbox.lastView());
        assertEquals(Optional.of(b), tracker.current().address(B));
    }

    @Test
    void aMergeViewIsMarkedMerged() {
        View left = View.create(a, 2, a);
        View right = View.create(b, 2, b);
        tracker.viewAccepted(new MergeView(a, 4, List.of(a, b), List.of(left, right)));
        assertTrue(inbox.lastView().merged());
    }

    @Test
    void anOlderViewDeliveredLateDoesNotReplaceTheNewerOne() {
        tracker.viewAccepted(View.create(a, 1, a, b));
        tracker.viewAccepted(View.create(a, 0, a));
        assertEquals(List.of(A, B), tracker.current().members());
        assertEquals(List.of(new MembershipView(1, List.of(A, B), false)), inbox.views);
    }

    @Test
    void aNewerViewStillReplacesTheInstalledOne() {
        tracker.viewAccepted(View.create(a, 1, a, b));
        tracker.viewAccepted(View.create(a, 2, a));
        assertEquals(List.of(A), tracker.current().members());
    }

    @Test
    void aMessageFromAMemberArrivesWithItsNodeId() {
        tracker.viewAccepted(View.create(a, 1, a, b));
        tracker.receive(new BytesMessage(a, "hello".getBytes(StandardCharsets.UTF_8)).setSrc(b));
        assertEquals(List.of(new RecordingInbox.Received(B, "hello")), inbox.messages);
    }

    @Test
    void aMessageFromANodeOutsideTheViewIsHandedOnAsSuch() {
        tracker.viewAccepted(View.create(a, 1, a));
        tracker.receive(new BytesMessage(a, "bye".getBytes(StandardCharsets.UTF_8)).setSrc(b));
        assertTrue(inbox.messages.isEmpty());
        assertEquals(List.of(new RecordingInbox.Received(B, "bye")), inbox.fromOutsideView);
    }

    @Test
    void aMessageFromAnUnnamedSenderOutsideTheViewIsDropped() {
        tracker.viewAccepted(View.create(a, 1, a));
        tracker.receive(new BytesMessage(a, new byte[] {1}).setSrc(UUID.randomUUID()));
        assertTrue(inbox.messages.isEmpty());
        assertTrue(inbox.fromOutsideView.isEmpty());
    }

    @Test
    void onlyThePayloadSliceIsHandedOn() {
        tracker.viewAccepted(View.create(a, 1, a, b));
        byte[] buffer = "xxhixx".getBytes(StandardCharsets.UTF_8);
        tracker.receive(new BytesMessage(a, buffer, 2, 2).setSrc(b));
        assertEquals("hi", inbox.messages.get(0).text());
    }

    @Test
    void aMemberWhoseNameIsNoNodeAddressIsLeftOut() {
        Address stranger = UUID.randomUUID();
        names.put(stranger, "not-a-node");
        tracker.viewAccepted(View.create(a, 1, a, stranger));
        assertEquals(List.of(A), inbox.lastView().members());
        tracker.receive(new BytesMessage(a, new byte[] {1}).setSrc(stranger));
        assertTrue(inbox.messages.isEmpty());
        assertTrue(inbox.fromOutsideView.isEmpty());
    }

    @Test
    void aMemberNamedLateIsAnnouncedOnceItsNameIsKnown() {
        names.remove(b);
        tracker.viewAccepted(View.create(a, 5, a, b));
        assertEquals(List.of(A), inbox.lastView().members());
        names.put(b, B.address());
        tracker.receive(new BytesMessage(a, "late".getBytes(StandardCharsets.UTF_8)).setSrc(b));
        assertEquals(List.of(A, B), inbox.lastView().members());
        assertEquals(List.of(new RecordingInbox.Received(B, "late")), inbox.messages);
    }

    @Test
    void aFailingInboxNeverReachesJGroups() {
        ViewTracker failing = new ViewTracker(A, new ClusterInbox() {
            @Override
            public void viewChanged(MembershipView view) {
                throw new IllegalStateException("queue full");
            }

            @Override
            public void received(NodeId from, byte[] payload) {
                throw new IllegalArgumentException("garbage");
            }
        }, address -> Optional.ofNullable(names.get(address)));
        failing.viewAccepted(View.create(a, 1, a, b));
        failing.receive(new BytesMessage(a, new byte[] {1}).setSrc(b));
        assertFalse(failing.current().members().isEmpty());
    }
}
