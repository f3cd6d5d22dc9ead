package io.jacos.cluster;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;

/**
 * An HMAC-SHA256 over each replication payload, appended by the sender and checked by the receiver. SYM_ENCRYPT
 * keeps a payload secret but cannot prove it unchanged: JGroups passes its IV as an IvParameterSpec, which rules
 * out GCM, and CBC lets someone on the path flip bits of the plaintext without the key. With the seal, an altered
 * message is dropped instead of applied. Its key is a third one derived from the secret ({@link ClusterKeys}).
 */
final class PayloadSeal {

    static final int LENGTH = 32;

    private final SecretKeySpec key;

    PayloadSeal(byte[] key) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
    }

    byte[] seal(byte[] payload) {
        byte[] sealed = Arrays.copyOf(payload, payload.length + LENGTH);
        System.arraycopy(mac(payload, payload.length), 0, sealed, payload.length, LENGTH);
        return sealed;
    }

    /** The payload without its seal, or nothing when the seal does not match (or is missing). */
    Optional<byte[]> open(byte[] sealed) {
        if (sealed.length < LENGTH) {
            return Optional.empty();
        }
        int length = sealed.length - LENGTH;
        byte[] expected = mac(sealed, length);
        byte[] shown = Arrays.copyOfRange(sealed, length, sealed.length);
        return MessageDigest.isEqual(expected, shown) ? Optional.of(Arrays.copyOf(sealed, length)) : Optional.empty();
    }

    private byte[] mac(byte[] data, int length) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(data, 0, length);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
