package io.jacos.replication;

import io.jacos.model.NodeId;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Relayed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds what this node relays to the rest of its view when owners leave it: its copies of their clients as the
 * registry holds them, stamped with the owner's epoch and revision the book recorded, and the removals it applied.
 */
final class DepartedRelay {

    private final RegistryReader reader;

    DepartedRelay(RegistryReader reader) {
        this.reader = reader;
    }

    /** Empty when this node holds nothing of {@code departed}. */
    Optional<Relayed> of(ReplicaBook book, Set<NodeId> departed, NodeId self, long epoch) {
        List<ClientCopy> copies = new ArrayList<>();
        book.heldOf(departed).forEach((id, held) -> reader.client(id)
                .filter(client -> client.owner().equals(held.owner().address()))
                .ifPresent(client -> copies.add(new ClientCopy(held.owner(), held.epoch(), held.revision(),
                        new ClientSnapshot(id, client.kind(), client.owner(), client.published(), Map.of())))));
        List<ClientGone> gone = book.goneOf(departed);
        return copies.isEmpty() && gone.isEmpty() ? Optional.empty()
                : Optional.of(new Relayed(self, epoch, copies, gone));
    }
}
