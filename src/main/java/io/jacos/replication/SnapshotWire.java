package io.jacos.replication;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.registry.client.ClientSnapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The wire form of a {@link ClientSnapshot}: id, kind, owner and the published instances per service.
 * Subscriptions stay home (a subscriber is served by the node it is connected to), so they decode as empty.
 * The kind travels by name, so reordering the enum cannot change what a peer of another build reads.
 */
final class SnapshotWire {

    /** Lower bounds of an entry's size on the wire, to refuse counts the remaining bytes cannot hold. */
    static final int MIN_SNAPSHOT_BYTES = 4 + 4 + 4 + 4;
    private static final int MIN_SERVICE_BYTES = 4 + 4 + 4 + 4;
    private static final int MIN_INSTANCE_BYTES = 4 + 4 + 4 + 8 + 1 + 4 + 4;
    private static final int MIN_METADATA_BYTES = 4 + 4;

    private static final int HEALTHY = 1;
    private static final int ENABLED = 2;
    private static final int EPHEMERAL = 4;

    private SnapshotWire() {
    }

    static void write(WireWriter out, ClientSnapshot snapshot) {
        if (snapshot.id() == null || snapshot.kind() == null) {
            throw new IllegalArgumentException("cannot encode a client snapshot without id or kind");
        }
        out.writeString(snapshot.id().value(), "client id");
        out.writeString(snapshot.kind().name(), "client kind");
        out.writeString(snapshot.owner(), "client owner");
        out.writeInt(snapshot.published().size());
        for (Map.Entry<ServiceKey, List<Instance>> service : snapshot.published().entrySet()) {
            writeKey(out, service.getKey());
            out.writeInt(service.getValue().size());
            for (Instance instance : service.getValue()) {
                writeInstance(out, instance);
            }
        }
    }

    static ClientSnapshot read(WireReader in) {
        ClientId id = new ClientId(in.readString("client id"));
        ClientKind kind = ClientKind.valueOf(in.readString("client kind"));
        String owner = in.readString("client owner");
        int services = in.readCount("service count", MIN_SERVICE_BYTES);
        Map<ServiceKey, List<Instance>> published = new HashMap<>();
        for (int i = 0; i < services; i++) {
            ServiceKey key = readKey(in);
            int count = in.readCount("instance count", MIN_INSTANCE_BYTES);
            List<Instance> instances = new ArrayList<>(count);
            for (int j = 0; j < count; j++) {
                instances.add(readInstance(in));
            }
            if (published.put(key, List.copyOf(instances)) != null) {
                throw in.malformed("service " + key + " appears twice in client " + id);
            }
        }
        return new ClientSnapshot(id, kind, owner, published, Map.of());
    }

    static void writeKey(WireWriter out, ServiceKey key) {
        out.writeString(key.namespace(), "namespace");
        out.writeString(key.group(), "group");
        out.writeString(key.name(), "service name");
    }

    static ServiceKey readKey(WireReader in) {
        return new ServiceKey(in.readString("namespace"), in.readString("group"), in.readString("service name"));
    }

    private static void writeInstance(WireWriter out, Instance instance) {
        out.writeString(instance.instanceId(), "instance id");
        out.writeString(instance.ip(), "ip");
        out.writeInt(instance.port());
        out.writeDouble(instance.weight());
        out.writeByte((instance.healthy() ? HEALTHY : 0) | (instance.enabled() ? ENABLED : 0)
                | (instance.ephemeral() ? EPHEMERAL : 0));
        out.writeString(instance.clusterName(), "cluster name");
        out.writeInt(instance.metadata().size());
        for (Map.Entry<String, String> entry : instance.metadata().entrySet()) {
            out.writeString(entry.getKey(), "metadata key");
            out.writeString(entry.getValue(), "metadata value");
        }
    }

    private static Instance readInstance(WireReader in) {
        String instanceId = in.readString("instance id");
        String ip = in.readString("ip");
        int port = in.readInt("port");
        double weight = in.readDouble("weight");
        int flags = in.readByte("instance flags");
        if ((flags & ~(HEALTHY | ENABLED | EPHEMERAL)) != 0) {
            throw in.malformed("unknown instance flags " + flags);
        }
        String cluster = in.readString("cluster name");
        int entries = in.readCount("metadata count", MIN_METADATA_BYTES);
        Map<String, String> metadata = new HashMap<>();
        for (int i = 0; i < entries; i++) {
            String key = in.readString("metadata key");
            if (metadata.put(key, in.readString("metadata value")) != null) {
                throw in.malformed("metadata key '" + key + "' appears twice");
            }
        }
        return new Instance(instanceId, ip, port, weight, (flags & HEALTHY) != 0, (flags & ENABLED) != 0,
                (flags & EPHEMERAL) != 0, cluster, metadata);
    }
}
