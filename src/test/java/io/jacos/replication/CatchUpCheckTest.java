package io.jacos.replication;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.NodeId;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** X asks its peers whether they hold all it sent them, before it would hand them its subscribers. */
class CatchUpCheckTest extends ThreeNodeTest {

    @Test
    void peersThatReadEverythingXSentConfirm() {
        Map<NodeId, CompletableFuture<Boolean>> answers = x.catchUps.ask(List.of(X, Y, Z));
        network.pump();

        assertEquals(Set.of(Y, Z), answers.keySet(), "X does not ask itself");
        assertTrue(answers.get(Y).getNow(false));
        assertTrue(answers.get(Z).getNow(false));
    }

    @Test
    void aPeerThatDoesNotHearXYetDoesNotConfirmUntilXsRemovalReachedIt() {
        network.hold(Y);
        x.registry.publish(CONNECTION, SERVICE, List.of(), ChangeOrigin.client(CONNECTION));
        Map<NodeId, CompletableFuture<Boolean>> answers = x.catchUps.ask(List.of(Y, Z));
        network.pump();

        assertTrue(answers.get(Z).getNow(false));
        assertNull(answers.get(Y).getNow(null), "Y, which still shows the removed instances, has not answered");
        assertEquals(2, y.registry.reader().view(SERVICE).instances().size());

        while (network.deliverOneHeld(Y)) {
            if (answers.get(Y).isDone()) {
                assertTrue(answers.get(Y).join());
                assertEquals(0, y.registry.reader().view(SERVICE).instances().size(),
                        "the removal, sent before the check, was read before it");
                return;
            }
        }
        throw new AssertionError("Y never answered");
    }

    @Test
    void aPeerHoldingADepartedNodesCopiesSaysItIsNotCaughtUp() {
        ClientId ofZ = new ClientId("1700000000000_127.0.0.1_50001");
        z.registry.connect(ofZ, ClientKind.CONNECTION, Z.address());
        z.registry.publish(ofZ, SERVICE, List.of(instance(9090)), ChangeOrigin.client(ofZ));
        network.pump();
        network.cutOff(Z);
        x.install(2, List.of(X, Y));
        y.install(2, List.of(X, Y));
        network.pump();

        Map<NodeId, CompletableFuture<Boolean>> answers = x.catchUps.ask(List.of(Y));
        network.pump();

        assertFalse(answers.get(Y).getNow(true), "Y holds Z's copies for their grace");
    }

    @Test
    void aPeerThatNeverAnswersIsLeftOutOnceTheWaitEndsAndItsLateAnswerIsIgnored() {
        assertEquals(Set.of(), x.catchUps.caughtUp(List.of(Y, Z), 20));

        network.pump();
        Map<NodeId, CompletableFuture<Boolean>> next = x.catchUps.ask(List.of(Y));
        network.pump();
        assertTrue(next.get(Y).getNow(false), "a later check is answered as usual");
    }
}
