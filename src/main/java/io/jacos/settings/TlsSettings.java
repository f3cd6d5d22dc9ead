package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;
import java.util.Optional;

/**
 * TLS for the SDK gRPC port: a PEM certificate chain and its unencrypted PKCS#8 PEM private key. Neither has a
 * default; without both the port stays plaintext, as Nacos's does.
 */
@ApplicationScoped
public class TlsSettings {

    public static final Setting CERT_FILE = Setting.withoutDefault("jacos.tls.cert-file");
    public static final Setting KEY_FILE = Setting.withoutDefault("jacos.tls.key-file");

    static final List<Setting> SETTINGS = List.of(CERT_FILE, KEY_FILE);

    private Optional<String> certFile = Optional.empty();
    private Optional<String> keyFile = Optional.empty();

    /** For the container's proxy. */
    protected TlsSettings() {
    }

    @Inject
    public TlsSettings(Config config) {
        this(CERT_FILE.optionalText(config).orElse(null), KEY_FILE.optionalText(config).orElse(null));
    }

    /** Given paths; null or blank for one not set. */
    public TlsSettings(String certFile, String keyFile) {
        this.certFile = present(certFile);
        this.keyFile = present(keyFile);
    }

    private static Optional<String> present(String value) {
        return Optional.ofNullable(value).map(String::strip).filter(s -> !s.isEmpty());
    }

    public Optional<String> certFile() {
        return certFile;
    }

    public Optional<String> keyFile() {
        return keyFile;
    }
}
