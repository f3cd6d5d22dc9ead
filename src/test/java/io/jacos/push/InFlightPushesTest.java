package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InFlightPushesTest {

    private static final ClientId A = new ClientId("a");
    private static final ClientId B = new ClientId("b");
    private static final ServiceKey S1 = new ServiceKey("public", "DEFAULT_GROUP", "s1");
    private static final ServiceKey S2 = new ServiceKey("public", "DEFAULT_GROUP", "s2");

    private final InFlightPushes inFlight = new InFlightPushes();

    @Test
    void onePushAtATimePerSubscriberAndService() {
        assertTrue(inFlight.begin(A, S1));
        assertFalse(inFlight.begin(A, S1));
        assertEquals(1, inFlight.size());
    }

    @Test
    void endWithoutAChangeMeanwhileNeedsNoRepush() {
        assertTrue(inFlight.begin(A, S1));
        assertFalse(inFlight.end(A, S1));
        assertEquals(0, inFlight.size());
        assertTrue(inFlight.begin(A, S1), "free again after the end");
    }

    @Test
    void changesDuringAPushCollapseIntoOneRepush() {
        assertTrue(inFlight.begin(A, S1));
        assertFalse(inFlight.begin(A, S1));
        assertFalse(inFlight.begin(A, S1));
        assertFalse(inFlight.begin(A, S1));
        assertEquals(1, inFlight.size(), "a subscriber that never answers holds one entry");
        assertTrue(inFlight.end(A, S1));
        assertEquals(0, inFlight.size());
        assertTrue(inFlight.begin(A, S1));
        assertFalse(inFlight.end(A, S1), "the dirty mark was consumed");
    }

    @Test
    void pairsAreIndependent() {
        assertTrue(inFlight.begin(A, S1));
        assertTrue(inFlight.begin(A, S2));
        assertTrue(inFlight.begin(B, S1));
        assertEquals(3, inFlight.size());
        assertFalse(inFlight.begin(A, S2));
        assertFalse(inFlight.end(A, S1));
        assertTrue(inFlight.end(A, S2));
        assertFalse(inFlight.end(B, S1));
        assertEquals(0, inFlight.size());
    }

    @Test
    void endOfAPushThatWasNeverBegunIsHarmless() {
        assertFalse(inFlight.end(A, S1));
        assertEquals(0, inFlight.size());
    }
}
