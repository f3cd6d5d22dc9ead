package io.jacos.replication;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Reads the codec's primitives from untrusted bytes. Every read first checks that the bytes are there, and
 * every declared count or length is bounded by the bytes that remain, so garbage fails with a
 * {@link MalformedMessageException} that names the field instead of allocating a huge array.
 */
final class WireReader {

    private final ByteBuffer in;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();

    WireReader(byte[] bytes) {
        this.in = ByteBuffer.wrap(bytes);
    }

    byte readByte(String what) {
        need(1, what);
        return in.get();
    }

    int readInt(String what) {
        need(4, what);
        return in.getInt();
    }

    long readLong(String what) {
        need(8, what);
        return in.getLong();
    }

    double readDouble(String what) {
        need(8, what);
        return in.getDouble();
    }

    String readString(String what) {
        int length = readInt(what + " length");
        if (length < 0) {
            throw malformed(what + " has negative length " + length);
        }
        need(length, what);
        ByteBuffer slice = in.slice().limit(length);
        in.position(in.position() + length);
        try {
            return utf8.decode(slice).toString();
        } catch (CharacterCodingException e) {
            throw malformed(what + " is not valid UTF-8");
        }
    }

    /**
     * A count of items that each take at least {@code minBytesEach} bytes on the wire; more than the remaining
     * bytes could hold means the input is garbage.
     */
    int readCount(String what, int minBytesEach) {
        int count = readInt(what);
        if (count < 0) {
            throw malformed(what + " is negative: " + count);
        }
        if ((long) count * minBytesEach > in.remaining()) {
            throw malformed(what + " declares " + count + " entries but only " + in.remaining() + " bytes remain");
        }
        return count;
    }

    void expectEnd() {
        if (in.hasRemaining()) {
            throw malformed(in.remaining() + " trailing bytes after the message");
        }
    }

    MalformedMessageException malformed(String problem) {
        return new MalformedMessageException(problem + " (at byte " + in.position() + ')');
    }

    private void need(int bytes, String what) {
        if (in.remaining() < bytes) {
            throw malformed("truncated: " + what + " needs " + bytes + " bytes, " + in.remaining() + " left");
        }
    }
}
