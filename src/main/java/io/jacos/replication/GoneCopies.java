package io.jacos.replication;

import io.jacos.model.ClientId;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.ClientGone;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latest removals of peers' clients this node applied, each with its owner's epoch and revision: when an
 * owner leaves the view they are relayed, so a peer that missed one drops its stale copy. The oldest are forgotten
 * past the bound; what is lost that way only waits for the copy's grace, as without the relay. One that outlived
 * its client's return does no harm: a receiver removes only a copy at or below the removal's revision.
 * Thread-confined.
 */
final class GoneCopies {

    private final Map<ClientId, ClientGone> byClient;

    GoneCopies(int bound) {
        byClient = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ClientId, ClientGone> eldest) {
                return size() > bound;
            }
        };
    }

    void record(ClientGone gone) {
        byClient.remove(gone.client());
        byClient.put(gone.client(), gone);
    }

    List<ClientGone> of(Collection<NodeId> owners) {
        return byClient.values().stream().filter(gone -> owners.contains(gone.owner())).toList();
    }
}
