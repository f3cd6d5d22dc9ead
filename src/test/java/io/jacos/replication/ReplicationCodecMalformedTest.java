package io.jacos.replication;

import io.jacos.event.EndpointWithdrawn;
import io.jacos.model.ServiceKey;
import io.jacos.replication.ReplicationMessage.FullSync;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.jacos.replication.PeerMessages.PEER;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whatever bytes arrive, decoding returns a message or throws {@link MalformedMessageException} saying what was
 * wrong: never another exception, and never an allocation the bytes did not pay for.
 */
class ReplicationCodecMalformedTest {

    private final ReplicationCodec codec = new ReplicationCodec();
    private final byte[] valid = codec.encode(new FullSync(PEER, 5, List.of(
            new ReplicationMessage.ClientCopy(PEER, 5, 1, ReplicationCodecTest.richSnapshot(PEER)),
            PeerMessages.copy(PEER, 5, 2, "b")), 2));

    @Test
    void everyTruncationOfAValidMessageIsMalformed() {
        assertEveryTruncationMalformed(valid);
    }

    @Test
    void trailingBytesAreMalformed() {
        byte[] longer = Arrays.copyOf(valid, valid.length + 1);
        assertMalformed(longer, "trailing");
    }

    @Test
    void randomBytesAreMalformed() {
        Random random = new Random(20240611L);
        for (int i = 0; i < 20_000; i++) {
            byte[] garbage = new byte[random.nextInt(200)];
            random.nextBytes(garbage);
            assertThrows(MalformedMessageException.class, () -> codec.decode(garbage));
        }
    }

    @Test
    void randomBodiesBehindAValidHeaderAreMalformed() {
        Random random = new Random(7L);
        for (int i = 0; i < 20_000; i++) {
            byte[] garbage = new byte[6 + random.nextInt(200)];
            random.nextBytes(garbage);
            System.arraycopy(valid, 0, garbage, 0, 5);
            garbage[5] = (byte) (1 + random.nextInt(ReplicationCodec.STORE_CHANGED));
            decodeOrMalformed(garbage);
        }
    }

    @Test
    void aValidMessageWithFlippedBytesDecodesOrIsMalformed() {
        Random random = new Random(99L);
        for (int i = 0; i < 20_000; i++) {
            byte[] mutated = valid.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                mutated[random.nextInt(mutated.length)] = (byte) random.nextInt(256);
            }
            decodeOrMalformed(mutated);
        }
    }

    @Test
    void aWrongMagicOrVersionOrTypeIsMalformed() throws IOException {
        assertMalformed(message(0xCAFEBABE, ReplicationCodec.VERSION, ReplicationCodec.SYNC_REQUEST), "magic");
        assertMalformed(message(ReplicationCodec.MAGIC, 99, ReplicationCodec.SYNC_REQUEST), "version 99");
        assertMalformed(message(ReplicationCodec.MAGIC, ReplicationCodec.VERSION, 42), "type 42");
        assertMalformed(null, "no bytes");
    }

    @Test
    void aHugeDeclaredCountIsMalformed() throws IOException {
        ByteArrayOutputStream bytes = header(ReplicationCodec.FULL_SYNC);
        DataOutputStream out = new DataOutputStream(bytes);
        writeOwnerAndEpoch(out);
        out.writeInt(Integer.MAX_VALUE);
        assertMalformed(bytes.toByteArray(), "declares 2147483647");
    }

    @Test
    void negativeCountsAndLengthsAreMalformed() throws IOException {
        ByteArrayOutputStream digest = header(ReplicationCodec.DIGEST);
        DataOutputStream out = new DataOutputStream(digest);
        writeOwnerAndEpoch(out);
        out.writeInt(-1);
        assertMalformed(digest.toByteArray(), "negative");

        ByteArrayOutputStream request = header(ReplicationCodec.SYNC_REQUEST);
        new DataOutputStream(request).writeInt(-5);
        assertMalformed(request.toByteArray(), "negative length");
    }

    @Test
    void aValueTheModelRefusesIsMalformed() throws IOException {
        ByteArrayOutputStream request = header(ReplicationCodec.SYNC_REQUEST);
        DataOutputStream out = new DataOutputStream(request);
        writeString(out, "10.0.0.2");
        out.writeInt(0);
        out.writeLong(1);
        assertMalformed(request.toByteArray(), "bad node address");
    }

    @Test
    void invalidUtf8IsMalformed() throws IOException {
        ByteArrayOutputStream request = header(ReplicationCodec.SYNC_REQUEST);
        DataOutputStream out = new DataOutputStream(request);
        out.writeInt(2);
        out.write(new byte[] {(byte) 0xC3, (byte) 0x28});
        assertMalformed(request.toByteArray(), "UTF-8");
    }

    @Test
    void aClientListedTwiceInADigestIsMalformed() throws IOException {
        ByteArrayOutputStream digest = header(ReplicationCodec.DIGEST);
        DataOutputStream out = new DataOutputStream(digest);
        writeOwnerAndEpoch(out);
        out.writeInt(2);
        for (int revision = 1; revision <= 2; revision++) {
            writeString(out, "a");
            out.writeLong(revision);
        }
        out.writeInt(0);
        assertMalformed(digest.toByteArray(), "twice");
    }

    @Test
    void everyTruncationOfAStoreChangeIsMalformed() {
        for (byte[] change : List.of(codec.encode(new StoreChanged(PEER, 5, new ServiceKey("public", "G", "s"))),
                codec.encode(StoreChanged.namespaces(PEER, 5)))) {
            assertEveryTruncationMalformed(change);
            assertMalformed(Arrays.copyOf(change, change.length + 1), "trailing");
        }
    }

    @Test
    void aCutCatchUpAnswerOrOneWithABadFlagIsMalformed() throws IOException {
        assertEveryTruncationMalformed(codec.encode(new ReplicationMessage.CaughtUp(PEER, 5, 3, true)));
        ByteArrayOutputStream badFlag = header(ReplicationCodec.CAUGHT_UP);
        DataOutputStream out = new DataOutputStream(badFlag);
        writeOwnerAndEpoch(out);
        out.writeLong(3);
        out.writeByte(2);
        assertMalformed(badFlag.toByteArray(), "bad caught-up flag 2");
    }

    @Test
    void aStoreChangeOfAnUnknownKindOrAnInvalidServiceIsMalformed() throws IOException {
        ByteArrayOutputStream unknown = header(ReplicationCodec.STORE_CHANGED);
        DataOutputStream out = new DataOutputStream(unknown);
        writeOwnerAndEpoch(out);
        out.writeByte(3);
        assertMalformed(unknown.toByteArray(), "unknown stored kind 3");

        ByteArrayOutputStream blank = header(ReplicationCodec.STORE_CHANGED);
        out = new DataOutputStream(blank);
        writeOwnerAndEpoch(out);
        out.writeByte(ReplicationCodec.STORED_SERVICE);
        writeString(out, "public");
        writeString(out, "G");
        writeString(out, "");
        assertMalformed(blank.toByteArray(), "invalid value");

        ByteArrayOutputStream namespacesWithAKey = header(ReplicationCodec.STORE_CHANGED);
        out = new DataOutputStream(namespacesWithAKey);
        writeOwnerAndEpoch(out);
        out.writeByte(ReplicationCodec.STORED_NAMESPACES);
        writeString(out, "public");
        assertMalformed(namespacesWithAKey.toByteArray(), "trailing");
    }

    @Test
    void aWithdrawnAddressCutShortOrWithABadPortIsMalformed() throws IOException {
        byte[] withdrawn = codec.encode(new ReplicationMessage.Withdrawn(PEER, 5, new EndpointWithdrawn(
                new ServiceKey("public", "G", "s"), "10.0.0.1", 80, "DEFAULT")));
        for (int length = 0; length < withdrawn.length; length++) {
            byte[] cut = Arrays.copyOf(withdrawn, length);
            assertThrows(MalformedMessageException.class, () -> codec.decode(cut), "cut at " + length);
        }

        ByteArrayOutputStream badPort = header(ReplicationCodec.WITHDRAWN);
        DataOutputStream out = new DataOutputStream(badPort);
        writeOwnerAndEpoch(out);
        writeString(out, "public");
        writeString(out, "G");
        writeString(out, "s");
        writeString(out, "10.0.0.1");
        out.writeInt(70_000);
        writeString(out, "DEFAULT");
        assertMalformed(badPort.toByteArray(), "invalid value");
    }

    private void decodeOrMalformed(byte[] bytes) {
        try {
            codec.decode(bytes);
        } catch (MalformedMessageException expected) {
            assertTrue(expected.getMessage() != null && !expected.getMessage().isBlank());
        }
    }

    private void assertEveryTruncationMalformed(byte[] message) {
        for (int length = 0; length < message.length; length++) {
            byte[] cut = Arrays.copyOf(message, length);
            assertThrows(MalformedMessageException.class, () -> codec.decode(cut), "cut at " + length);
        }
    }

    private void assertMalformed(byte[] bytes, String saying) {
        MalformedMessageException thrown = assertThrows(MalformedMessageException.class, () -> codec.decode(bytes));
        assertTrue(thrown.getMessage().contains(saying), thrown.getMessage());
    }

    private static byte[] message(int magic, int version, int type) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(magic);
        out.writeByte(version);
        out.writeByte(type);
        writeOwnerAndEpoch(out);
        return bytes.toByteArray();
    }

    private static ByteArrayOutputStream header(int type) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(ReplicationCodec.MAGIC);
        out.writeByte(ReplicationCodec.VERSION);
        out.writeByte(type);
        return bytes;
    }

    private static void writeOwnerAndEpoch(DataOutputStream out) throws IOException {
        writeString(out, PEER.host());
        out.writeInt(PEER.port());
        out.writeLong(5);
    }

    private static void writeString(DataOutputStream out, String value) throws IOException {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }
}
