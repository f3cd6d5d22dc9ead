package io.jacos.replication;

import io.jacos.model.ClientId;
import io.jacos.replication.ReplicationMessage.ClientCopy;

import java.util.List;

/**
 * What to do with the registry after a {@link ReplicationMessage.FullSync}: apply these copies (the others the
 * sync listed are held already at that revision) and remove these clients (the owner no longer has them); or, for a
 * sync refused because another is awaited, whether to ask the owner again at once.
 */
public record SyncPlan(List<ClientCopy> apply, List<ClientId> remove, boolean askAgain) {

    public static final SyncPlan NOTHING = new SyncPlan(List.of(), List.of(), false);
    public static final SyncPlan ASK_AGAIN = new SyncPlan(List.of(), List.of(), true);

    public SyncPlan(List<ClientCopy> apply, List<ClientId> remove) {
        this(apply, remove, false);
    }

    public SyncPlan {
        apply = List.copyOf(apply);
        remove = List.copyOf(remove);
    }
}
