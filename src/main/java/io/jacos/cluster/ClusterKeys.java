package io.jacos.cluster;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;

/**
 * What the cluster's traffic is protected with, derived from {@code jacos.cluster.secret} the same way on every
 * node: a master key by PBKDF2-HMAC-SHA256 (fixed salt {@value #SALT}, {@value #ITERATIONS} iterations, so a
 * guessed secret costs as much as a guessed password), then one key per use by HMAC-SHA256 of the master key
 * over a fixed label, so knowing one (the join proof travels in the clear) tells nothing of the other.
 * The salt is fixed on purpose: every node must derive the same keys from the secret alone.
 */
public final class ClusterKeys {

    /** Shorter secrets are refused: the join proof on the wire allows an offline guess. */
    public static final int MIN_SECRET_LENGTH = 16;
    static final String SALT = "jacos.cluster.secret/v1";
    static final int ITERATIONS = 210_000;
    static final String ENCRYPTION_LABEL = "jacos-cluster/jgroups-sym-encrypt";
    static final String JOIN_LABEL = "jacos-cluster/jgroups-auth";
    static final String SEAL_LABEL = "jacos-cluster/payload-hmac";
    static final String TAG_LABEL = "jacos-cluster/membership-tag";
    static final String PEER_PROOF_LABEL = "jacos-cluster/http-peer-proof";
    /** Enough to tell secrets apart by accident; it is no proof of anything. */
    static final int TAG_LENGTH = 16;

    private final byte[] encryption;
    private final byte[] joinProof;
    private final byte[] seal;
    private final byte[] tag;
    private final byte[] peerProof;

    private ClusterKeys(byte[] master) {
        this.encryption = hmac(master, ENCRYPTION_LABEL);
        this.joinProof = hmac(master, JOIN_LABEL);
        this.seal = hmac(master, SEAL_LABEL);
        this.tag = Arrays.copyOf(hmac(master, TAG_LABEL), TAG_LENGTH);
        this.peerProof = hmac(master, PEER_PROOF_LABEL);
    }

    /** Derives the keys; the caller has checked the secret's length ({@link #MIN_SECRET_LENGTH}). */
    public static ClusterKeys derive(String secret) {
        char[] chars = secret.toCharArray();
        PBEKeySpec spec = new PBEKeySpec(chars, SALT.getBytes(StandardCharsets.UTF_8), ITERATIONS, 256);
        try {
            byte[] master = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            try {
                return new ClusterKeys(master);
            } finally {
                Arrays.fill(master, (byte) 0);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every JDK", e);
        } finally {
            spec.clearPassword();
            Arrays.fill(chars, '\0');
        }
    }

    /** The AES-256 key of SYM_ENCRYPT. */
    public SecretKey encryptionKey() {
        return new SecretKeySpec(encryption, "AES");
    }

    /** What a joining node shows to prove it knows the secret (JGroups AUTH). */
    public byte[] joinProof() {
        return joinProof.clone();
    }

    /** What every message of the cluster carries in the clear, so nodes with another secret ignore it. */
    public byte[] membershipTag() {
        return tag.clone();
    }

    /** The HMAC-SHA256 key of the proof a node adds to each HTTP request it relays to a peer. */
    public byte[] peerProofKey() {
        return peerProof.clone();
    }

    /** The seal every replication payload carries, so an altered one is dropped. */
    PayloadSeal payloadSeal() {
        return new PayloadSeal(seal);
    }

    private static byte[] hmac(byte[] key, String label) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
