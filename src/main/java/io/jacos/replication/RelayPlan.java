package io.jacos.replication;

import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;

import java.util.List;

/**
 * What to do with the registry after a {@link ReplicationMessage.Relayed}: apply these copies (newer than the ones
 * held) and remove these clients (held at or below the revision their owner removed them at).
 */
public record RelayPlan(List<ClientCopy> apply, List<ClientGone> remove) {

    public static final RelayPlan NOTHING = new RelayPlan(List.of(), List.of());

    public RelayPlan {
        apply = List.copyOf(apply);
        remove = List.copyOf(remove);
    }
}
