package io.jacos.replication;

import io.jacos.model.ClientId;
import io.jacos.replication.ReplicationMessage.ClientCopy;

import java.util.List;

/**
 * What to do with the registry after a {@link ReplicationMessage.FullSync}: apply these copies (the others the
 * sync listed are held already at that revision) and remove these clients (the owner no longer has them).
 */
public record SyncPlan(List<ClientCopy> apply, List<ClientId> remove) {

    public static final SyncPlan NOTHING = new SyncPlan(List.of(), List.of());

    public SyncPlan {
        apply = List.copyOf(apply);
        remove = List.copyOf(remove);
    }
}
