package io.jacos.transport.grpc;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.jacos.settings.TlsSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TLS is off without settings, and half a configuration or an unusable file stops the start with a clear message. */
class GrpcTlsTest {

    @TempDir
    Path dir;

    @Test
    void withoutSettingsTheBuilderIsUntouched() {
        GrpcTls tls = tls(Optional.empty(), Optional.of(" "));
        NettyServerBuilder builder = NettyServerBuilder.forPort(0);
        assertFalse(tls.enabled());
        assertSame(builder, tls.secure(builder));
    }

    @Test
    void aCertificateWithoutAKeyIsRefusedNamingTheMissingSetting() throws IOException {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "x");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> tls(Optional.of(cert.toString()), Optional.empty()).secure(NettyServerBuilder.forPort(0)));
        assertTrue(e.getMessage().contains("jacos.tls.key-file is not set"), e.getMessage());
    }

    @Test
    void anUnreadableFileIsRefusedNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> tls(Optional.of(dir.resolve("none.pem").toString()), Optional.of("k"))
                        .secure(NettyServerBuilder.forPort(0)));
        assertTrue(e.getMessage().contains("Cannot read jacos.tls.cert-file"), e.getMessage());
    }

    @Test
    void filesThatAreNoPemPairAreRefusedWithTheHintForTheKeyFormat() throws IOException {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "not a certificate");
        Path key = Files.writeString(dir.resolve("key.pem"), "not a key");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> tls(Optional.of(cert.toString()), Optional.of(key.toString())).secure(NettyServerBuilder.forPort(0)));
        assertTrue(e.getMessage().contains("PKCS#8"), e.getMessage());
    }

    private static GrpcTls tls(Optional<String> cert, Optional<String> key) {
        return new GrpcTls(new TlsSettings(cert.orElse(null), key.orElse(null)));
    }
}
