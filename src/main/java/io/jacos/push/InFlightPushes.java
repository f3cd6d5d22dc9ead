package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most one unacknowledged push per subscriber and service. A change that arrives meanwhile only marks the
 * pair dirty; when the push completes, the caller pushes the then-current state once more. So a subscriber
 * that never answers holds one entry per service it watches, however often the service changes.
 */
final class InFlightPushes {

    private enum State { CLEAN, DIRTY }

    private record Pair(ClientId client, ServiceKey service) {
    }

    private final Map<Pair, State> inFlight = new ConcurrentHashMap<>();

    /** Returns true when the caller may push now; false when a push is in flight (it is marked dirty). */
    boolean begin(ClientId client, ServiceKey service) {
        boolean[] started = new boolean[1];
        inFlight.compute(new Pair(client, service), (k, state) -> {
            started[0] = state == null;
            return state == null ? State.CLEAN : State.DIRTY;
        });
        return started[0];
    }

    /** Ends the push; returns true when a change arrived meanwhile and the subscriber needs another push. */
    boolean end(ClientId client, ServiceKey service) {
        return inFlight.remove(new Pair(client, service)) == State.DIRTY;
    }

    int size() {
        return inFlight.size();
    }
}
