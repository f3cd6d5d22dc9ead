package io.jacos.replication;

import io.jacos.event.EndpointWithdrawn;
import io.jacos.model.ClientId;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.CatchUpCheck;
import io.jacos.replication.ReplicationMessage.CaughtUp;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Digest;
import io.jacos.replication.ReplicationMessage.FullSync;
import io.jacos.replication.ReplicationMessage.Relayed;
import io.jacos.replication.ReplicationMessage.RelayRequest;
import io.jacos.replication.ReplicationMessage.ConfigsChanged;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import io.jacos.replication.ReplicationMessage.SyncRequest;
import io.jacos.replication.ReplicationMessage.Withdrawn;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns {@link ReplicationMessage}s into bytes for the cluster link and back. The format is binary: a magic
 * int, a format version byte and a type byte, then the message's owner ({@code host}, {@code port}) and epoch,
 * then its own fields; strings are UTF-8 behind an int length, counts are ints. A {@link StoreChanged} carries a
 * kind byte (1 service, 2 namespaces) and, for a service, its namespace, group and name. A {@link FullSync} carries
 * each {@link ClientCopy} whole, so what a peer decodes equals what was encoded; it and a {@link Digest} end with
 * the owner's revision when they were made, the full sync then with the number of the request it answers, which a
 * {@link SyncRequest} carries. A {@link Withdrawn} carries a service key, then ip, port and cluster. A
 * {@link Relayed} carries whole copies, then removals as a {@link ClientGone} is encoded, each with its own head;
 * a {@link RelayRequest} carries the node it asks about, as a head names its owner. A {@link CatchUpCheck} carries
 * its number, a {@link CaughtUp} the number it answers and a flag byte.
 * A type this build does not know is refused like any garbage, so adding one needs no new format version.
 *
 * <p>Decoding trusts nothing: anything that is not exactly one well-formed message, including values the
 * model's constructors refuse, is a {@link MalformedMessageException}. Stateless, so one instance may serve
 * every thread.
 */
public final class ReplicationCodec {

    /** "JACO": a peer of another program, or a stray packet, fails here rather than deeper in. */
    static final int MAGIC = 0x4A41434F;
    /** Raised when the format changes, so nodes of different builds refuse each other's messages cleanly. */
    static final byte VERSION = 3;

    static final byte CLIENT_COPY = 1;
    static final byte CLIENT_GONE = 2;
    static final byte DIGEST = 3;
    static final byte FULL_SYNC = 4;
    static final byte SYNC_REQUEST = 5;
    static final byte STORE_CHANGED = 6;
    static final byte CONFIGS_CHANGED = 7;
    static final byte WITHDRAWN = 8;
    static final byte RELAYED = 9;
    static final byte RELAY_REQUEST = 10;
    static final byte CATCH_UP_CHECK = 11;
    static final byte CAUGHT_UP = 12;

    /** What a {@link StoreChanged} names after its head: a service key, or the namespaces. */
    static final byte STORED_SERVICE = 1;
    static final byte STORED_NAMESPACES = 2;

    /** Magic, format version and type. */
    private static final int HEAD_BYTES = 4 + 1 + 1;
    private static final int MIN_NODE_BYTES = 4 + 4;
    private static final int MIN_COPY_BYTES = MIN_NODE_BYTES + 8 + 8 + SnapshotWire.MIN_SNAPSHOT_BYTES;
    private static final int MIN_REVISION_BYTES = 4 + 8;

    public byte[] encode(ReplicationMessage message) {
        WireWriter out = new WireWriter();
        out.writeInt(MAGIC);
        out.writeByte(VERSION);
        if (message instanceof ClientCopy copy) {
            out.writeByte(CLIENT_COPY);
            writeCopy(out, copy);
        } else if (message instanceof ClientGone gone) {
            out.writeByte(CLIENT_GONE);
            writeGone(out, gone);
        } else if (message instanceof Digest digest) {
            out.writeByte(DIGEST);
            writeHead(out, digest);
            out.writeInt(digest.revisions().size());
            digest.revisions().forEach((client, revision) -> {
                out.writeString(client.value(), "client id");
                out.writeLong(revision);
            });
            out.writeInt(digest.connections());
            out.writeByte(digest.drained() ? 1 : 0);
            out.writeLong(digest.asOf());
        } else if (message instanceof FullSync sync) {
            out.writeByte(FULL_SYNC);
            writeHead(out, sync);
            out.writeInt(sync.clients().size());
            sync.clients().forEach(copy -> writeCopy(out, copy));
            out.writeInt(sync.connections());
            out.writeByte(sync.drained() ? 1 : 0);
            out.writeLong(sync.asOf());
            out.writeLong(sync.answers());
        } else if (message instanceof SyncRequest request) {
            out.writeByte(SYNC_REQUEST);
            writeHead(out, request);
            out.writeLong(request.number());
        } else if (message instanceof StoreChanged change) {
            out.writeByte(STORE_CHANGED);
            writeHead(out, change);
            out.writeByte(change.namespaces() ? STORED_NAMESPACES : STORED_SERVICE);
            if (!change.namespaces()) {
                SnapshotWire.writeKey(out, change.service());
            }
        } else if (message instanceof ConfigsChanged change) {
            out.writeByte(CONFIGS_CHANGED);
            writeHead(out, change);
        } else if (message instanceof Withdrawn withdrawn) {
            out.writeByte(WITHDRAWN);
            writeHead(out, withdrawn);
            EndpointWithdrawn address = withdrawn.address();
            SnapshotWire.writeKey(out, address.service());
            out.writeString(address.ip(), "ip");
            out.writeInt(address.port());
            out.writeString(address.clusterName(), "cluster");
        } else if (message instanceof RelayRequest request) {
            out.writeByte(RELAY_REQUEST);
            writeHead(out, request);
            out.writeString(request.about().host(), "owner host");
            out.writeInt(request.about().port());
        } else if (message instanceof Relayed relayed) {
            out.writeByte(RELAYED);
            writeHead(out, relayed);
            out.writeInt(relayed.copies().size());
            relayed.copies().forEach(copy -> writeCopy(out, copy));
            out.writeInt(relayed.gone().size());
            relayed.gone().forEach(gone -> writeGone(out, gone));
        } else if (message instanceof CatchUpCheck check) {
            out.writeByte(CATCH_UP_CHECK);
            writeHead(out, check);
            out.writeLong(check.number());
        } else if (message instanceof CaughtUp answer) {
            out.writeByte(CAUGHT_UP);
            writeHead(out, answer);
            out.writeLong(answer.number());
            out.writeByte(answer.caughtUp() ? 1 : 0);
        } else {
            throw new IllegalArgumentException("cannot encode " + message);
        }
        return out.toByteArray();
    }

    /**
     * Whether the bytes are headed as a {@link Withdrawn} of this format version: read from the head alone, so a
     * message that would be dropped on its type anyway costs no decoding. It says nothing of the body.
     */
    public boolean headedAsWithdrawn(byte[] bytes) {
        return bytes != null && bytes.length > HEAD_BYTES && ByteBuffer.wrap(bytes).getInt() == MAGIC
                && bytes[4] == VERSION && bytes[5] == WITHDRAWN;
    }

    /** @throws MalformedMessageException unless the bytes are exactly one message this format version can read */
    public ReplicationMessage decode(byte[] bytes) {
        if (bytes == null) {
            throw new MalformedMessageException("no bytes");
        }
        WireReader in = new WireReader(bytes);
        try {
            int magic = in.readInt("magic");
            if (magic != MAGIC) {
                throw in.malformed(String.format("not a replication message (magic 0x%08x)", magic));
            }
            byte version = in.readByte("format version");
            if (version != VERSION) {
                throw in.malformed("unsupported format version " + version + ", this node reads " + VERSION);
            }
            ReplicationMessage message = readBody(in, in.readByte("message type"));
            in.expectEnd();
            return message;
        } catch (IllegalArgumentException | NullPointerException invalid) {
            // A model constructor refused a decoded value; its message names the value, its stack is of no use.
            throw in.malformed("invalid value: " + invalid.getMessage());
        }
    }

    private static ReplicationMessage readBody(WireReader in, byte type) {
        switch (type) {
            case CLIENT_COPY:
                return readCopy(in);
            case CLIENT_GONE:
                return readGone(in);
            case DIGEST:
                return readDigest(in);
            case FULL_SYNC:
                return readFullSync(in);
            case SYNC_REQUEST:
                return new SyncRequest(readNode(in), in.readLong("epoch"), in.readLong("request number"));
            case STORE_CHANGED:
                return readStoreChanged(in);
            case CONFIGS_CHANGED:
                return new ConfigsChanged(readNode(in), in.readLong("epoch"));
            case WITHDRAWN:
                return new Withdrawn(readNode(in), in.readLong("epoch"), new EndpointWithdrawn(SnapshotWire.readKey(in),
                        in.readString("ip"), in.readInt("port"), in.readString("cluster")));
            case RELAYED:
                return readRelayed(in);
            case RELAY_REQUEST:
                return new RelayRequest(readNode(in), in.readLong("epoch"), readNode(in));
            case CATCH_UP_CHECK:
                return new CatchUpCheck(readNode(in), in.readLong("epoch"), in.readLong("check number"));
            case CAUGHT_UP:
                return new CaughtUp(readNode(in), in.readLong("epoch"), in.readLong("check number"),
                        readFlag(in, "caught-up"));
            default:
                throw in.malformed("unknown message type " + type);
        }
    }

    private static void writeHead(WireWriter out, ReplicationMessage message) {
        out.writeString(message.owner().host(), "owner host");
        out.writeInt(message.owner().port());
        out.writeLong(message.epoch());
    }

    private static NodeId readNode(WireReader in) {
        return new NodeId(in.readString("owner host"), in.readInt("owner port"));
    }

    private static void writeCopy(WireWriter out, ClientCopy copy) {
        writeHead(out, copy);
        out.writeLong(copy.revision());
        SnapshotWire.write(out, copy.snapshot());
    }

    private static ClientCopy readCopy(WireReader in) {
        return new ClientCopy(readNode(in), in.readLong("epoch"), in.readLong("revision"), SnapshotWire.read(in));
    }

    private static void writeGone(WireWriter out, ClientGone gone) {
        writeHead(out, gone);
        out.writeLong(gone.revision());
        out.writeString(gone.client().value(), "client id");
    }

    private static ClientGone readGone(WireReader in) {
        return new ClientGone(readNode(in), in.readLong("epoch"), in.readLong("revision"),
                new ClientId(in.readString("client id")));
    }

    private static Relayed readRelayed(WireReader in) {
        NodeId sender = readNode(in);
        long epoch = in.readLong("epoch");
        List<ClientCopy> copies = readList(in, "relayed copy count", MIN_COPY_BYTES, ReplicationCodec::readCopy);
        List<ClientGone> gone = readList(in, "relayed removal count", MIN_NODE_BYTES + 8 + MIN_REVISION_BYTES,
                ReplicationCodec::readGone);
        return new Relayed(sender, epoch, copies, gone);
    }

    /** A count, then that many items; the count is checked against what is left before anything is allocated. */
    private static <T> List<T> readList(WireReader in, String what, int minBytesEach, Function<WireReader, T> item) {
        int count = in.readCount(what, minBytesEach);
        List<T> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            items.add(item.apply(in));
        }
        return items;
    }

    private static Digest readDigest(WireReader in) {
        NodeId owner = readNode(in);
        long epoch = in.readLong("epoch");
        int count = in.readCount("digest entry count", MIN_REVISION_BYTES);
        Map<ClientId, Long> revisions = new HashMap<>();
        for (int i = 0; i < count; i++) {
            ClientId client = new ClientId(in.readString("client id"));
            if (revisions.put(client, in.readLong("revision")) != null) {
                throw in.malformed("client " + client + " appears twice in the digest");
            }
        }
        return new Digest(owner, epoch, revisions, in.readInt("connections"), readFlag(in, "drained"),
                in.readLong("as-of revision"));
    }

    private static StoreChanged readStoreChanged(WireReader in) {
        NodeId owner = readNode(in);
        long epoch = in.readLong("epoch");
        byte what = in.readByte("stored kind");
        switch (what) {
            case STORED_SERVICE:
                return new StoreChanged(owner, epoch, SnapshotWire.readKey(in));
            case STORED_NAMESPACES:
                return StoreChanged.namespaces(owner, epoch);
            default:
                throw in.malformed("unknown stored kind " + what);
        }
    }

    private static FullSync readFullSync(WireReader in) {
        NodeId owner = readNode(in);
        long epoch = in.readLong("epoch");
        List<ClientCopy> clients = readList(in, "client count", MIN_COPY_BYTES, ReplicationCodec::readCopy);
        return new FullSync(owner, epoch, clients, in.readInt("connections"), readFlag(in, "drained"),
                in.readLong("as-of revision"), in.readLong("answered request"));
    }

    private static boolean readFlag(WireReader in, String what) {
        byte flag = in.readByte(what);
        if (flag != 0 && flag != 1) {
            throw in.malformed("bad " + what + " flag " + flag);
        }
        return flag == 1;
    }
}
