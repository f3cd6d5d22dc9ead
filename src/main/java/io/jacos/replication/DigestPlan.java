package io.jacos.replication;

import io.jacos.model.ClientId;

import java.util.List;

/**
 * What to do after a {@link ReplicationMessage.Digest}: remove these clients (the owner no longer lists them),
 * and whether to ask the owner for its {@link ReplicationMessage.FullSync} because this node is behind.
 */
public record DigestPlan(List<ClientId> remove, boolean needsFullSync) {

    public static final DigestPlan NOTHING = new DigestPlan(List.of(), false);

    public DigestPlan {
        remove = List.copyOf(remove);
    }
}
