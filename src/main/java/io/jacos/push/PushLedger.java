package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The (subscriber, service) pairs with a push on its way: queued on the channel or awaiting the ack. At most
 * one per pair, so a subscriber that never answers costs one entry per service it watches, however often the
 * service changes. A pair leaves the ledger when its push completes, whatever the outcome.
 */
final class PushLedger {

    record Pair(ClientId client, ServiceKey service) {
    }

    private final Set<Pair> inFlight = ConcurrentHashMap.newKeySet();

    /** Returns true when the caller may push now; false when a push for the pair is already on its way. */
    boolean begin(ClientId client, ServiceKey service) {
        return inFlight.add(new Pair(client, service));
    }

    void end(ClientId client, ServiceKey service) {
        inFlight.remove(new Pair(client, service));
    }

    boolean isInFlight(ClientId client, ServiceKey service) {
        return inFlight.contains(new Pair(client, service));
    }

    int size() {
        return inFlight.size();
    }
}
