package io.jacos.cluster;

import org.jgroups.Header;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * The membership tag and sender's logical name that {@link SecretGate} puts on every message. Public with a
 * public no-argument constructor: JGroups makes received headers through {@link #create()}.
 */
public class SecretGateHeader extends Header {

    /** Received headers never carry more; longer fields are refused before reading. */
    private static final int MAX_TAG = 64;
    private static final int MAX_NAME = 255;

    private byte[] tag = new byte[0];
    private byte[] name = new byte[0];

    public SecretGateHeader() {
    }

    SecretGateHeader(byte[] tag, String name) {
        byte[] encoded = name.getBytes(StandardCharsets.UTF_8);
        this.tag = tag;
        this.name = encoded.length <= MAX_NAME ? encoded : new byte[0];
    }

    byte[] tag() {
        return tag;
    }

    String name() {
        return new String(name, StandardCharsets.UTF_8);
    }

    @Override
    public short getMagicId() {
        return SecretGate.HEADER_ID;
    }

    @Override
    public Supplier<? extends Header> create() {
        return SecretGateHeader::new;
    }

    @Override
    public int serializedSize() {
        return 2 + tag.length + name.length;
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
        out.writeByte(tag.length);
        out.write(tag);
        out.writeByte(name.length);
        out.write(name);
    }

    @Override
    public void readFrom(DataInput in) throws IOException {
        tag = read(in, MAX_TAG, "tag");
        name = read(in, MAX_NAME, "name");
    }

    private static byte[] read(DataInput in, int max, String what) throws IOException {
        int length = in.readUnsignedByte();
        if (length > max) {
            throw new IOException("membership " + what + " of " + length + " bytes");
        }
        byte[] read = new byte[length];
        in.readFully(read);
        return read;
    }

    @Override
    public String toString() {
        // The tag is derived from the secret: never in a log line.
        return "SecretGateHeader[" + name() + "]";
    }
}
