package io.jacos.push;

import io.jacos.model.ClientId;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PushTaskTest {

    private static final ClientId A = new ClientId("a");
    private static final ClientId B = new ClientId("b");

    @Test
    void factories() {
        assertTrue(PushTask.toAllSubscribers().toAll());
        assertEquals(Map.of(), PushTask.toAllSubscribers().targets());
        PushTask one = PushTask.to(A, 2);
        assertFalse(one.toAll());
        assertEquals(Map.of(A, 2), one.targets());
    }

    @Test
    void pushToAllAbsorbsTargetedPushesInEitherOrder() {
        assertEquals(PushTask.toAllSubscribers(), PushTask.to(A, 1).merge(PushTask.toAllSubscribers()));
        assertEquals(PushTask.toAllSubscribers(), PushTask.toAllSubscribers().merge(PushTask.to(A, 1)));
        assertEquals(PushTask.toAllSubscribers(), PushTask.toAllSubscribers().merge(PushTask.toAllSubscribers()));
    }

    @Test
    void targetedPushesUniteAndKeepTheLowestAttempt() {
        PushTask merged = PushTask.to(A, 2).merge(PushTask.to(B, 1)).merge(PushTask.to(A, 0));
        assertFalse(merged.toAll());
        assertEquals(Map.of(A, 0, B, 1), merged.targets());
        assertEquals(Map.of(A, 1), PushTask.to(A, 1).merge(PushTask.to(A, 3)).targets());
    }

    @Test
    void mergeLeavesBothTasksUnchanged() {
        PushTask older = PushTask.to(A, 2);
        PushTask newer = PushTask.to(B, 0);
        older.merge(newer);
        assertEquals(Map.of(A, 2), older.targets());
        assertEquals(Map.of(B, 0), newer.targets());
    }

    @Test
    void targetsAreACopyAndImmutable() {
        Map<ClientId, Integer> source = new HashMap<>(Map.of(A, 1));
        PushTask task = PushTask.to(source);
        source.put(B, 2);
        assertEquals(Map.of(A, 1), task.targets());
        assertThrows(UnsupportedOperationException.class, () -> task.targets().put(B, 0));
    }

    @Test
    void aLongRunOfMergesKeepsEachClientOnceWithItsLowestAttempt() {
        PushTask merged = PushTask.to(new ClientId("c0"), 9);
        Map<ClientId, Integer> expected = new HashMap<>(Map.of(new ClientId("c0"), 9));
        for (int i = 1; i < 5_000; i++) {
            ClientId client = new ClientId("c" + (i % 700));
            int attempt = (i * 7) % 5;
            merged = merged.merge(PushTask.to(client, attempt));
            expected.merge(client, attempt, Math::min);
        }
        assertEquals(expected, merged.targets());
        assertEquals(PushTask.toAllSubscribers(), merged.merge(PushTask.toAllSubscribers()));
    }

    @Test
    void mergingATaskOfManyTargetsTakesThemAll() {
        PushTask many = PushTask.to(Map.of(A, 3, B, 2));
        assertEquals(Map.of(A, 1, B, 2), PushTask.to(A, 1).merge(many).targets());
        assertEquals(Map.of(A, 3, B, 0), many.merge(PushTask.to(B, 0)).targets());
    }
}
