package io.jacos.transport.grpc;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.jacos.settings.Setting;
import io.jacos.settings.TlsSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

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

    private TlsSettings settings;

    /** For the container's proxy. */
    protected GrpcTls() {
    }

    @Inject
    public GrpcTls(TlsSettings settings) {
        this.settings = settings;
    }

    public boolean enabled() {
        return settings.certFile().isPresent() || settings.keyFile().isPresent();
    }

    /** The builder, given the server's certificate when TLS is configured. */
    NettyServerBuilder secure(NettyServerBuilder builder) {
        if (!enabled()) {
            return builder;
        }
        File cert = readable(TlsSettings.CERT_FILE, settings.certFile());
        File key = readable(TlsSettings.KEY_FILE, settings.keyFile());
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

    private static File readable(Setting setting, Optional<String> value) {
        String path = value.orElseThrow(() -> new IllegalStateException("TLS for gRPC needs both "
                + TlsSettings.CERT_FILE.name() + " and " + TlsSettings.KEY_FILE.name() + "; " + setting.name()
                + " is not set."));
        File file = new File(path);
        if (!file.canRead()) {
            throw new IllegalStateException("Cannot read " + setting.name() + " = " + path + ".");
        }
        return file;
    }
}
