package io.jacos.cluster;

import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import org.jgroups.Address;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResponsibleForTest {

    private static final NodeId A = new NodeId("10.0.0.1", 8848);
    private static final NodeId B = new NodeId("10.0.0.2", 8848);
    private static final NodeId C = new NodeId("10.0.0.3", 8848);

    @Test
    void everyNodeNamesTheSameResponsibleNodeWhateverOrderItSawTheMembersIn() {
        ClusterMembers onA = new FixedMembers(A, List.of(A, B, C));
        ClusterMembers onC = new FixedMembers(C, List.of(C, B, A));
        for (int i = 0; i < 1000; i++) {
            String key = "10.1.0." + (i % 250) + ":" + (8000 + i);
            assertEquals(onA.responsibleFor(key), onC.responsibleFor(key), key);
        }
    }

    @Test
    void keysSpreadOverEveryMember() {
        ClusterMembers members = new FixedMembers(A, List.of(A, B, C));
        Set<NodeId> chosen = new HashSet<>();
        IntStream.range(0, 100).forEach(i -> chosen.add(members.responsibleFor("10.1.0.1:" + (8000 + i))));
        assertEquals(Set.of(A, B, C), chosen);
    }

    @Test
    void theLiveViewSortsMembersWhateverTheJoinOrder() {
        Address a = UUID.randomUUID();
        Address b = UUID.randomUUID();
        Address c = UUID.randomUUID();
        Map<Address, NodeId> names = new HashMap<>(Map.of(a, A, b, B, c, C));
        LiveView joinedCab = LiveView.of(7, List.of(c, a, b), address -> Optional.of(names.get(address)), false);
        assertEquals(List.of(A, B, C), joinedCab.members());
    }

    @Test
    void aStandaloneNodeIsResponsibleForEverything() {
        ClusterMembers alone = FixedMembers.standalone();
        assertTrue(IntStream.range(0, 50).allMatch(i -> alone.isResponsibleFor("key-" + i)));
    }
}
