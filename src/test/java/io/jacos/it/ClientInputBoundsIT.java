package io.jacos.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bounds on what a client that has not proven anything sends, on a server of its own with small limits: the
 * labels of a gRPC connection setup, the UDP subscribers a 1.x list call may create (an IP literal only, at most
 * N endpoints per source address) and the ack token of a UDP push, and the clusters of one service.
 * <p>
 * Each list call comes from a source address of its own in 127.0.0.0/8 (the test binds its end of the TCP
 * connection there), so the per-source counts of different tests never meet.
 */
@DisplayName("Bounds on what an unauthenticated client sends")
class ClientInputBoundsIT {

    private static final int HTTP_PORT = SharedServer.HTTP_PORT + 2500;
    private static final int SUBSCRIBERS_PER_SOURCE = 3;
    private static final int CLUSTERS_PER_SERVICE = 3;
    /** Long enough for a push that was going to come to arrive, once another push of the same change has. */
    private static final Duration QUIET = Duration.ofSeconds(2);
    private static final Duration PUSH_WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JacosServer server;
    private static NacosHttp http;

    @BeforeAll
    static void startServerWithSmallLimits() {
        server = new JacosServer("input-bounds", HTTP_PORT, Map.of(
                "jacos.udp.max-subscribers-per-source", Integer.toString(SUBSCRIBERS_PER_SOURCE),
                "jacos.naming.max-clusters-per-service", Integer.toString(CLUSTERS_PER_SERVICE))).start();
        http = new NacosHttp(server.serverAddr());
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.stop();
        }
    }

    // --- gRPC connection setup ---------------------------------------------------------------------------------

    private static String setup(Map<String, String> labels) {
        ObjectNode body = JSON.createObjectNode().put("clientVersion", "Nacos-Java-Client:v3.1.1")
                .put("module", "internal");
        body.putObject("headers");
        body.putObject("abilityTable");
        labels.forEach(body.putObject("labels")::put);
        return body.toString();
    }

    @Test
    @DisplayName("a setup with the real clients' labels and some application labels is accepted")
    void theRealClientsLabelsPass() {
        Map<String, String> labels = Map.of("source", "sdk", "module", "naming", "AppName", "orders-service",
                "tls.enable", "false", "app_zone", "eu-west-1a", "app_team", "payments");
        try (RawNacosConnection connection = RawNacosConnection.openWithSetup(server.grpcPort(), setup(labels))) {
            assertEquals(200, connection.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}")
                    .resultCode());
        }
    }

    @Test
    @DisplayName("a setup over a label bound gets its stream closed, is logged without its values, and the server goes on")
    void aSetupOverALabelBoundIsRefused() throws IOException {
        String marker = "leak-marker-" + UUID.randomUUID();
        Map<String, String> tooMany = new LinkedHashMap<>();
        for (int i = 0; i < 65; i++) {
            tooMany.put("app_label" + i, marker);
        }
        assertThrows(IllegalStateException.class, () -> RawNacosConnection.openWithSetup(server.grpcPort(),
                setup(tooMany)).close(), "no SetupAckRequest for 65 labels");
        assertThrows(IllegalStateException.class, () -> RawNacosConnection.openWithSetup(server.grpcPort(),
                setup(Map.of("source", "sdk", "app_note", marker + "x".repeat(600)))).close(),
                "no SetupAckRequest for a label value of over 512 characters");

        try (RawNacosConnection connection = RawNacosConnection.open(server.grpcPort())) {
            assertEquals(200, connection.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}")
                    .resultCode());
        }
        String log = Files.readString(server.log());
        assertTrue(log.contains("Connection setup from 127.0.0.1 refused: 65 labels (at most 64)"), "logged briefly");
        assertFalse(log.contains(marker), "the values sent are not logged");
    }

    // --- 1.x UDP subscriptions ---------------------------------------------------------------------------------

    @Test
    @DisplayName("a host-name clientIP gets the list but never a push; an IP literal next to it does")
    void aHostNameClientIpGetsNoPush() throws IOException {
        String service = NamingClients.uniqueName("udp-name");
        try (PushReceiver named = new PushReceiver(); PushReceiver literal = new PushReceiver()) {
            JsonNode list = listFrom("127.0.0.11", service, "localhost", named.port());
            assertEquals(service, list.path("name").asText().replace("DEFAULT_GROUP@@", ""), list::toString);
            listFrom("127.0.0.11", service, "127.0.0.1", literal.port());

            register(service, "10.9.1.1", 8080, "DEFAULT");
            literal.awaitPushWith("10.9.1.1");
            assertEquals(Optional.empty(), named.receive(QUIET), "the host name was never subscribed");
        }
    }

    @Test
    @DisplayName("one source subscribes at most N endpoints: the next is answered but pushed nothing, another source's is")
    void theEndpointBeyondTheSourceLimitGetsNoPush() throws IOException {
        String service = NamingClients.uniqueName("udp-source");
        List<PushReceiver> receivers = new ArrayList<>();
        try {
            for (int i = 0; i <= SUBSCRIBERS_PER_SOURCE; i++) {
                PushReceiver receiver = new PushReceiver();
                receivers.add(receiver);
                JsonNode list = listFrom("127.0.0.21", service, "127.0.0.1", receiver.port());
                assertTrue(list.has("hosts"), list::toString);
            }
            register(service, "10.9.2.1", 8080, "DEFAULT");
            for (PushReceiver subscribed : receivers.subList(0, SUBSCRIBERS_PER_SOURCE)) {
                subscribed.awaitPushWith("10.9.2.1");
            }
            PushReceiver over = receivers.get(SUBSCRIBERS_PER_SOURCE);
            assertEquals(Optional.empty(), over.receive(QUIET), "the endpoint over the source's limit");

            listFrom("127.0.0.22", service, "127.0.0.1", over.port());
            register(service, "10.9.2.2", 8080, "DEFAULT");
            over.awaitPushWith("10.9.2.2");
        } finally {
            receivers.forEach(PushReceiver::close);
        }
    }

    @Test
    @DisplayName("each push carries its own ack token: two pushes' tokens differ and are not in sequence")
    void theAckTokenIsNotASequence() throws IOException {
        String service = NamingClients.uniqueName("udp-token");
        try (PushReceiver receiver = new PushReceiver()) {
            listFrom("127.0.0.31", service, "127.0.0.1", receiver.port());
            register(service, "10.9.3.1", 8080, "DEFAULT");
            long first = receiver.awaitPushWith("10.9.3.1").path("lastRefTime").asLong();
            register(service, "10.9.3.2", 8080, "DEFAULT");
            long second = receiver.awaitPushWith("10.9.3.2").path("lastRefTime").asLong();

            assertNotEquals(first, second);
            assertTrue(first >= 0 && second >= 0, first + ", " + second);
            assertTrue(Math.abs(second - first) > 1_000_000, "not one after the other: " + first + ", " + second);
        }
    }

    @Test
    @DisplayName("a poll that changes nothing is answered but not pushed; the next change is")
    void pollsWithoutAChangeAreNotPushed() throws IOException {
        String service = NamingClients.uniqueName("udp-poll");
        register(service, "10.9.5.1", 8080, "DEFAULT");
        try (PushReceiver receiver = new PushReceiver()) {
            listFrom("127.0.0.32", service, "127.0.0.1", receiver.port());
            receiver.awaitPushWith("10.9.5.1"); // the new subscriber's first view

            for (int poll = 0; poll < 3; poll++) {
                JsonNode answer = listFrom("127.0.0.32", service, "127.0.0.1", receiver.port());
                assertEquals(List.of("10.9.5.1:8080"), NacosHttp.endpoints(answer));
            }
            Optional<JsonNode> unasked = receiver.receive(Duration.ofSeconds(2));
            assertTrue(unasked.isEmpty(), () -> "pushed though nothing changed: " + unasked.orElseThrow());

            register(service, "10.9.5.2", 8080, "DEFAULT");
            receiver.awaitPushWith("10.9.5.2");
        }
    }

    // --- clusters per service ----------------------------------------------------------------------------------

    @Test
    @DisplayName("an instance in a cluster beyond the service's limit is refused with 503 and changes nothing")
    void aClusterBeyondTheLimitIsRefused() {
        String service = NamingClients.uniqueName("clusters");
        for (int i = 1; i <= CLUSTERS_PER_SERVICE; i++) {
            assertEquals(200, register(service, "10.9.4." + i, 8080, "c" + i).status());
        }
        NacosHttp.Answer refused = register(service, "10.9.4.9", 8080, "c9");
        assertEquals(503, refused.status(), refused::toString);
        assertTrue(refused.body().contains("Too many clusters"), refused::toString);
        assertEquals(200, register(service, "10.9.4.8", 8080, "c1").status(), "a cluster the service holds");

        JsonNode all = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", service)).json();
        assertEquals(List.of("10.9.4.1:8080", "10.9.4.2:8080", "10.9.4.3:8080", "10.9.4.8:8080"),
                NacosHttp.endpoints(all));
    }

    // --- helpers -----------------------------------------------------------------------------------------------

    private static NacosHttp.Answer register(String service, String ip, int port, String cluster) {
        return http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service, "ip", ip,
                "port", Integer.toString(port), "clusterName", cluster));
    }

    /**
     * A 1.x list call with {@code clientIP} and {@code udpPort}, as 1.4.6 makes it, over a TCP connection whose
     * local end is bound to {@code sourceIp}: the server sees that as the request's source. HTTP/1.0, so the
     * answer is neither chunked nor kept alive.
     */
    private static JsonNode listFrom(String sourceIp, String service, String clientIp, int udpPort) throws IOException {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("serviceName", service);
        query.put("clientIP", clientIp);
        query.put("udpPort", Integer.toString(udpPort));
        String path = "/nacos/v1/ns/instance/list?" + query.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(sourceIp, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", HTTP_PORT), 5000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1:" + HTTP_PORT + "\r\nUser-Agent: "
                    + NacosHttp.USER_AGENT_1_4_6 + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(response.startsWith("HTTP/1.") && response.split(" ", 3)[1].equals("200"), response);
            return JSON.readTree(response.substring(response.indexOf("\r\n\r\n") + 4));
        }
    }

    /** A 1.x client's push receiver on 127.0.0.1: takes push datagrams and acknowledges each, as 1.4.6 does. */
    private static final class PushReceiver implements AutoCloseable {

        private final DatagramSocket socket;

        PushReceiver() throws IOException {
            socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
        }

        int port() {
            return socket.getLocalPort();
        }

        /** The next push within {@code wait}, acknowledged; empty when none came. */
        Optional<JsonNode> receive(Duration wait) throws IOException {
            byte[] buffer = new byte[64 * 1024];
            DatagramPacket datagram = new DatagramPacket(buffer, buffer.length);
            socket.setSoTimeout((int) wait.toMillis());
            try {
                socket.receive(datagram);
            } catch (SocketTimeoutException e) {
                return Optional.empty();
            }
            JsonNode packet = JSON.readTree(text(buffer, datagram.getLength()));
            byte[] ack = ("{\"type\": \"push-ack\", \"lastRefTime\":\"" + packet.path("lastRefTime").asLong()
                    + "\", \"data\":\"\"}").getBytes(StandardCharsets.UTF_8);
            socket.send(new DatagramPacket(ack, ack.length, datagram.getSocketAddress()));
            return Optional.of(packet);
        }

        /** Receives pushes until one whose service holds {@code ip}; fails after {@link #PUSH_WAIT}. */
        JsonNode awaitPushWith(String ip) {
            JsonNode[] found = {null};
            await("a push with " + ip + " to port " + port()).atMost(PUSH_WAIT).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(1)).until(() -> {
                        Optional<JsonNode> push = receive(Duration.ofSeconds(1));
                        if (push.isPresent() && JSON.readTree(push.get().path("data").asText()).path("hosts")
                                .findValuesAsText("ip").contains(ip)) {
                            found[0] = push.get();
                        }
                        return found[0] != null;
                    });
            return found[0];
        }

        private static String text(byte[] buffer, int length) {
            boolean gzipped = length >= 2 && (buffer[0] & 0xff) == 0x1f && (buffer[1] & 0xff) == 0x8b;
            try {
                InputStream in = new ByteArrayInputStream(buffer, 0, length);
                return new String(gzipped ? new GZIPInputStream(in).readAllBytes() : in.readAllBytes(),
                        StandardCharsets.UTF_8).trim();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            socket.close();
        }
    }
}
