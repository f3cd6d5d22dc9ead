package io.jacos.cluster;

import io.jacos.testing.RecordingEvent;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A node takes moved connections only while its gRPC server listens and no operator drained it. */
class DrainMarkTest {

    private final RecordingEvent<DrainMark.Changed> changes = new RecordingEvent<>();
    private final DrainMark mark = new DrainMark(changes);

    @Test
    void aStartingNodeTakesNoConnectionsUntilItServes() {
        assertFalse(mark.takesConnections(), "joined and syncing, gRPC not listening yet");

        mark.serving(true);
        mark.serving(true);

        assertTrue(mark.takesConnections());
        assertEquals(List.of(new DrainMark.Changed(false)), changes.fired(), "the peers hear it once");
    }

    @Test
    void aDrainedOrStoppedNodeTakesNone() {
        mark.serving(true);
        mark.set(true);
        assertFalse(mark.takesConnections());

        mark.set(false);
        assertTrue(mark.takesConnections());

        mark.serving(false);
        assertFalse(mark.takesConnections());
        assertEquals(4, changes.fired().size());
    }
}
