package io.jacos.replication;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes the codec's primitives big-endian into a growing array. Strings are UTF-8 behind an int length,
 * because {@code DataOutputStream.writeUTF} stops at 64 KB and instance metadata can be larger.
 */
final class WireWriter {

    private byte[] bytes = new byte[256];
    private int size;

    void writeByte(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    void writeInt(int value) {
        ensure(4);
        for (int shift = 24; shift >= 0; shift -= 8) {
            bytes[size++] = (byte) (value >>> shift);
        }
    }

    void writeLong(long value) {
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            bytes[size++] = (byte) (value >>> shift);
        }
    }

    void writeDouble(double value) {
        writeLong(Double.doubleToRawLongBits(value));
    }

    /** Refuses null rather than inventing a value the receiver would mistake for real data. */
    void writeString(String value, String what) {
        if (value == null) {
            throw new IllegalArgumentException("cannot encode: " + what + " is null");
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        writeInt(utf8.length);
        ensure(utf8.length);
        System.arraycopy(utf8, 0, bytes, size, utf8.length);
        size += utf8.length;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
