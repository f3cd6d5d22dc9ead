package io.jacos.cluster;

import org.jgroups.BytesMessage;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterKeysTest {

    private static final String SECRET = "correct horse battery staple";

    @Test
    void everyNodeDerivesTheSameKeysFromTheSecretAndAnotherSecretGivesOthers() {
        ClusterKeys one = ClusterKeys.derive(SECRET);
        ClusterKeys again = ClusterKeys.derive(SECRET);
        ClusterKeys other = ClusterKeys.derive(SECRET + "!");

        assertArrayEquals(one.encryptionKey().getEncoded(), again.encryptionKey().getEncoded());
        assertArrayEquals(one.joinProof(), again.joinProof());
        assertFalse(java.util.Arrays.equals(one.encryptionKey().getEncoded(), other.encryptionKey().getEncoded()));
        assertFalse(java.util.Arrays.equals(one.joinProof(), other.joinProof()));
        assertEquals(32, one.encryptionKey().getEncoded().length, "AES-256");
        assertEquals("AES", one.encryptionKey().getAlgorithm());
        // The proof travels in the clear: it must not be (a part of) the encryption key.
        assertFalse(java.util.Arrays.equals(one.encryptionKey().getEncoded(), one.joinProof()));
    }

    @Test
    void thePeerProofKeyIsTheSameOnEveryNodeAndNoneOfTheOtherKeys() {
        ClusterKeys one = ClusterKeys.derive(SECRET);

        assertArrayEquals(one.peerProofKey(), ClusterKeys.derive(SECRET).peerProofKey());
        assertFalse(java.util.Arrays.equals(one.peerProofKey(), ClusterKeys.derive(SECRET + "!").peerProofKey()));
        assertEquals(32, one.peerProofKey().length);
        assertFalse(java.util.Arrays.equals(one.peerProofKey(), one.joinProof()), "the join proof travels in the clear");
        assertFalse(java.util.Arrays.equals(one.peerProofKey(), one.encryptionKey().getEncoded()));
    }

    @Test
    void theJoinTokenAcceptsOnlyTheSameProof() throws Exception {
        SecretJoinToken mine = new SecretJoinToken(ClusterKeys.derive(SECRET).joinProof());
        SecretJoinToken same = roundTrip(new SecretJoinToken(ClusterKeys.derive(SECRET).joinProof()));
        SecretJoinToken wrong = roundTrip(new SecretJoinToken(ClusterKeys.derive(SECRET + "?").joinProof()));

        assertTrue(mine.authenticate(same, new BytesMessage()));
        assertFalse(mine.authenticate(wrong, new BytesMessage()));
        assertFalse(mine.authenticate(new SecretJoinToken(), new BytesMessage()));
        assertFalse(new SecretJoinToken().authenticate(new SecretJoinToken(), new BytesMessage()),
                "a token without a proof accepts nothing");
        assertEquals("SecretJoinToken", mine.toString(), "never logs the proof");
    }

    @Test
    void clusterWithAuthNeedsALongEnoughSecretAndThereIsNoDefault() {
        IllegalStateException none = assertThrows(IllegalStateException.class,
                () -> SecretRule.check(Optional.empty(), true));
        assertTrue(none.getMessage().contains("jacos.cluster.secret")
                && none.getMessage().contains("JACOS_CLUSTER_SECRET"), none.getMessage());
        assertThrows(IllegalStateException.class, () -> SecretRule.check(Optional.of("short-secret"), true));
        assertThrows(IllegalStateException.class, () -> SecretRule.check(Optional.of("short-secret"), false));
        assertEquals(Optional.empty(), SecretRule.check(Optional.empty(), false), "auth off: warned, starts open");
        assertEquals(Optional.of(SECRET), SecretRule.check(Optional.of(SECRET), true));
    }

    private static SecretJoinToken roundTrip(SecretJoinToken token) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        token.writeTo(new java.io.DataOutputStream(bytes));
        assertEquals(token.size(), bytes.size());
        SecretJoinToken read = new SecretJoinToken();
        read.readFrom(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
        return read;
    }
}
