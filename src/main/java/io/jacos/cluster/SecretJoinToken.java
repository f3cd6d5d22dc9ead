package io.jacos.cluster;

import org.jgroups.Message;
import org.jgroups.auth.AuthToken;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.security.MessageDigest;

/**
 * JGroups AUTH token: a node asking to join (or merge) shows the join proof of {@link ClusterKeys}, and the
 * coordinator compares it in constant time with its own. It is a fixed value, so someone who reads it on the
 * wire could show it too; what stops such a node is SYM_ENCRYPT below, whose key it still lacks (its join request
 * is not even decrypted). AUTH adds a check, and a log line at the coordinator, should encryption ever be off.
 * <p>
 * Public with a public no-argument constructor: JGroups makes the received token by reflection.
 */
public class SecretJoinToken extends AuthToken {

    /** Received tokens never carry more; a longer length is refused before reading. */
    private static final int MAX_LENGTH = 64;

    private byte[] proof = new byte[0];

    public SecretJoinToken() {
    }

    SecretJoinToken(byte[] proof) {
        this.proof = proof.clone();
    }

    @Override
    public String getName() {
        return getClass().getName();
    }

    @Override
    public int size() {
        return Integer.BYTES + proof.length;
    }

    @Override
    public boolean authenticate(AuthToken token, Message msg) {
        return token instanceof SecretJoinToken shown && proof.length > 0
                && MessageDigest.isEqual(proof, shown.proof);
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(proof.length);
        out.write(proof);
    }

    @Override
    public void readFrom(DataInput in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_LENGTH) {
            throw new IOException("join token of " + length + " bytes");
        }
        byte[] read = new byte[length];
        in.readFully(read);
        proof = read;
    }

    @Override
    public String toString() {
        // JGroups logs a refused token with toString(): never the proof itself.
        return "SecretJoinToken";
    }
}
