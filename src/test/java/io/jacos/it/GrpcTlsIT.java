package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * gRPC over TLS: a server given a certificate and key (made here with the JDK's keytool, self-signed for
 * 127.0.0.1) serves the real 2.5.1 client configured for TLS and trusting that certificate, and refuses a
 * plaintext connection. The same server serves HTTPS through Payara Micro's own options (given here as their
 * system-property form, {@code payaramicro.sslPort}) with the same certificate from the keystore.
 */
class GrpcTlsIT {

    /** Clear of the shared, own-slot, cluster (+3000..+3200) and auth (+5000, +5100) servers' ports. */
    private static final int HTTP_PORT = SharedServer.HTTP_PORT + 5300;
    private static final int HTTPS_PORT = HTTP_PORT + 1;
    private static final String PASSWORD = "changeit";

    private static JacosServer server;
    private static Path cert;

    @BeforeAll
    static void startServerWithACertificate() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "it", "tls-cert"));
        cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        Path keystore = dir.resolve("keystore.p12");
        selfSignedPem(keystore, cert, key);
        server = new JacosServer("tls", HTTP_PORT, Map.of(
                "jacos.tls.cert-file", cert.toAbsolutePath().toString(),
                "jacos.tls.key-file", key.toAbsolutePath().toString(),
                "payaramicro.sslPort", Integer.toString(HTTPS_PORT),
                "payaramicro.sslCert", "jacos",
                "javax.net.ssl.keyStore", keystore.toAbsolutePath().toString(),
                "javax.net.ssl.keyStorePassword", PASSWORD)).start();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void aClientWithTlsRegistersAndDiscovers() throws Exception {
        try (NamingClients clients = new NamingClients(server.serverAddr())) {
            NamingService naming = clients.open(Map.of(
                    "nacos.remote.client.rpc.tls.enable", "true",
                    "nacos.remote.client.rpc.tls.trustCollectionChainPath", cert.toAbsolutePath().toString()));
            String service = NamingClients.uniqueName("tls");
            naming.registerInstance(service, "10.3.3.3", 8080);
            List<Instance> seen = await("the instance over TLS").atMost(Waits.PUSH).ignoreExceptions()
                    .until(() -> naming.getAllInstances(service, false), list -> list.size() == 1);
            assertEquals("10.3.3.3", seen.get(0).getIp());
        }
    }

    @Test
    void aPlaintextConnectionIsRefused() {
        assertThrows(RuntimeException.class, () -> RawNacosConnection.open(server.grpcPort()).close());
    }

    @Test
    void httpsServesTheOpenApiWithTheSameCertificate() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(cert)) {
            trust.setCertificateEntry("jacos", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trusting = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trusting.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trusting.getTrustManagers(), null);
        HttpClient https = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> answer = https.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + HTTPS_PORT
                + "/nacos/v1/ns/service/list?pageNo=1&pageSize=10")).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
    }

    /** keytool makes the pair (a JDK has no public API to sign a certificate); the PEMs are written from it. */
    private static void selfSignedPem(Path keystore, Path cert, Path key) throws IOException, InterruptedException,
            GeneralSecurityException {
        Files.deleteIfExists(keystore);
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process run = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "jacos", "-keyalg", "RSA",
                "-keysize", "2048", "-validity", "2", "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!run.waitFor(60, TimeUnit.SECONDS) || run.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, PASSWORD.toCharArray());
        }
        Files.writeString(cert, pem("CERTIFICATE", store.getCertificate("jacos").getEncoded()));
        Files.writeString(key, pem("PRIVATE KEY", store.getKey("jacos", PASSWORD.toCharArray()).getEncoded()));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
