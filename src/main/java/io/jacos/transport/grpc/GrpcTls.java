package io.jacos.transport.grpc;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.File;
import java.util.Optional;
import java.util.logging.Logger;
import javax.net.ssl.SSLException;

/**
 * Optional TLS for the SDK gRPC port, from a PEM certificate chain and its unencrypted PKCS#8 PEM private key
 * ({@code jacos.tls.cert-file}, {@code jacos.tls.key-file}); clients then connect with
 * {@code nacos.remote.client.rpc.tls.enable=true}. Without both settings the port stays plaintext, as Nacos's
 * default; one without the other refuses the start rather than silently serving plaintext.
 */
@ApplicationScoped
public class GrpcTls {

    private static final Logger LOG = Logger.getLogger(GrpcTls.class.getName());

    @Inject @ConfigProperty(name = "jacos.tls.cert-file")
    Optional<String> certFile;
    @Inject @ConfigProperty(name = "jacos.tls.key-file")
    Optional<String> keyFile;

    public boolean enabled() {
        return certFile.filter(s -> !s.isBlank()).isPresent() || keyFile.filter(s -> !s.isBlank()).isPresent();
    }

    /** The builder, given the server's certificate when TLS is configured. */
    NettyServerBuilder secure(NettyServerBuilder builder) {
        if (!enabled()) {
            return builder;
        }
        File cert = readable("jacos.tls.cert-file", certFile);
        File key = readable("jacos.tls.key-file", keyFile);
        try {
            builder.sslContext(GrpcSslContexts.forServer(cert, key).build());
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalStateException("Cannot use the TLS certificate " + cert + " with the key " + key
                    + " for gRPC: " + e.getMessage() + ". The key must be an unencrypted PKCS#8 PEM file"
                    + " (openssl pkcs8 -topk8 -nocrypt -in key.pem -out key-pkcs8.pem).", e);
        }
        LOG.info(() -> "gRPC clients must use TLS; certificate " + cert);
        return builder;
    }

    private static File readable(String setting, Optional<String> value) {
        String path = value.filter(s -> !s.isBlank()).orElseThrow(() -> new IllegalStateException(
                "TLS for gRPC needs both jacos.tls.cert-file and jacos.tls.key-file; " + setting + " is not set."));
        File file = new File(path);
        if (!file.canRead()) {
            throw new IllegalStateException("Cannot read " + setting + " = " + path + ".");
        }
        return file;
    }
}
