package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The (subscriber, service) pairs with pushes on their way: queued on the channel or awaiting the ack. At most
 * {@link #MAX_ON_THE_WAY} per pair: the real 2.x clients handle server pushes on a pool of threads, so two pushes of
 * one service on their way at once can be applied in either order, and the older one last leaves the client
 * showing it until the next change. The client acks a push after applying it, so one at a time keeps the order.
 * A change that finds the pair full is remembered as missed, and the ack sends it; a subscriber that never answers
 * costs one entry per service however often the service changes. A push leaves the ledger when it completes,
 * whatever the outcome.
 */
final class PushLedger {

    static final int MAX_ON_THE_WAY = 1;

    record Pair(ClientId client, ServiceKey service) {
    }

    /** Pushes of a pair on their way, and whether a change found the pair full since. */
    private record Slot(int onTheWay, boolean missed) {
    }

    /** What ending a push leaves: the pair's pushes still on their way, and whether a change was missed. */
    record Ended(int onTheWay, boolean missed) {
    }

    private final Map<Pair, Slot> slots = new ConcurrentHashMap<>();

    /**
     * Returns true when the caller may push now (which clears the missed mark: this push reads the newest view);
     * false, marking the change as missed, when the pair has as many pushes on their way as it may.
     */
    boolean begin(ClientId client, ServiceKey service) {
        Slot slot = slots.compute(new Pair(client, service), (pair, current) -> {
            if (current == null) {
                return new Slot(1, false);
            }
            return current.onTheWay() < MAX_ON_THE_WAY ? new Slot(current.onTheWay() + 1, false)
                    : new Slot(current.onTheWay(), true);
        });
        return !slot.missed();
    }

    /** One push of the pair completed; the missed mark is handed to the caller (and cleared). */
    Ended end(ClientId client, ServiceKey service) {
        Ended[] ended = {new Ended(0, false)};
        slots.computeIfPresent(new Pair(client, service), (pair, current) -> {
            ended[0] = new Ended(current.onTheWay() - 1, current.missed());
            return current.onTheWay() <= 1 ? null : new Slot(current.onTheWay() - 1, false);
        });
        return ended[0];
    }

    boolean isInFlight(ClientId client, ServiceKey service) {
        return slots.containsKey(new Pair(client, service));
    }

    int onTheWay(ClientId client, ServiceKey service) {
        Slot slot = slots.get(new Pair(client, service));
        return slot == null ? 0 : slot.onTheWay();
    }

    /** The pairs with at least one push on its way. */
    int size() {
        return slots.size();
    }
}
