package io.jacos.cluster;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PayloadSealTest {

    private final PayloadSeal seal = ClusterKeys.derive("payload-seal-secret-01").payloadSeal();

    @Test
    void aSealedPayloadOpensAsItWasAndAnAlteredOneDoesNot() {
        byte[] payload = "an instance snapshot".getBytes(StandardCharsets.UTF_8);
        byte[] sealed = seal.seal(payload);
        assertEquals(payload.length + PayloadSeal.LENGTH, sealed.length);
        assertArrayEquals(payload, seal.open(sealed).orElseThrow());
        assertArrayEquals(new byte[0], seal.open(seal.seal(new byte[0])).orElseThrow());

        for (int i = 0; i < sealed.length; i++) {
            byte[] altered = sealed.clone();
            altered[i] ^= 0x01;
            assertEquals(Optional.empty(), seal.open(altered), "one bit flipped at " + i);
        }
        assertEquals(Optional.empty(), seal.open(payload), "not sealed");
        assertEquals(Optional.empty(), seal.open(new byte[3]), "shorter than a seal");
        assertEquals(Optional.empty(), ClusterKeys.derive("another-secret-000001").payloadSeal().open(sealed),
                "sealed under another secret");
    }
}
