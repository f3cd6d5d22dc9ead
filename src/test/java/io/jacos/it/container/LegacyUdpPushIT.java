package io.jacos.it.container;

import io.jacos.model.ChangeOrigin;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.push.PushStats;
import io.jacos.registry.Registry;
import io.jacos.transport.udp.UdpPushChannel;
import io.jacos.transport.udp.UdpStats;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPInputStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The UDP push inside Payara Micro: the socket is bound at deployment, a 1.x ip:port subscriber gets the
 * service's change as a {@code dom} packet from it, and its ack counts as a delivered push. The subscriber is
 * a plain loopback socket in the test, the subscription is made on the registry directly (the HTTP list call
 * that makes it for real clients is tested with nacos-client 1.x elsewhere).
 */
@ExtendWith(ArquillianExtension.class)
class LegacyUdpPushIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Deployment
    static WebArchive deployment() {
        return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("jacos.war", "target/nacos.war")))
                .addPackages(true, "org.awaitility", "org.hamcrest");
    }

    @Inject
    Registry registry;
    @Inject
    UdpPushChannel channel;
    @Inject
    UdpStats udp;
    @Inject
    PushStats pushes;

    @Test
    void anIpPortSubscriberGetsTheChangeOverUdpAndItsAckCountsAsDelivered() throws IOException {
        assertTrue(channel.localAddress().isPresent(), "the push socket is bound at deployment");
        ServiceKey service = new ServiceKey("public", "DEFAULT_GROUP", "udp-pushed-" + UUID.randomUUID());
        ClientId publisher = new ClientId("udp-pub-" + UUID.randomUUID());
        long deliveredBefore = pushes.succeededCount("udp");
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            socket.setSoTimeout((int) WAIT.toMillis());
            ClientId subscriber = ClientId.ofIpPort("127.0.0.1", socket.getLocalPort(), true);
            registry.connect(subscriber, ClientKind.IP_PORT, "local");
            registry.subscribe(subscriber, new Subscription(service, ""), Integer.MAX_VALUE);
            registry.connect(publisher, ClientKind.CONNECTION, "local");
            registry.publish(publisher, service, List.of(new Instance(
                    Instance.simpleId("10.2.0.1", 8080, "DEFAULT", service), "10.2.0.1", 8080, 1.0, true, true,
                    true, "DEFAULT", Map.of())), ChangeOrigin.client(publisher));

            // The subscribe and the register merge into one or two pushes; the last one carries the instance.
            String packet = "";
            for (int i = 0; i < 2 && !packet.contains("10.2.0.1"); i++) {
                packet = receiveAndAck(socket);
            }
            assertTrue(packet.startsWith("{\"type\":\"dom\""), packet);
            assertTrue(packet.contains("\\\"name\\\":\\\"DEFAULT_GROUP@@" + service.name() + "\\\""), packet);
            assertTrue(packet.contains("10.2.0.1"), packet);
            await().atMost(WAIT).until(() -> pushes.succeededCount("udp") > deliveredBefore);
            assertTrue(udp.acksReceivedCount() > 0);
            registry.disconnect(subscriber, ChangeOrigin.client(subscriber));
        } finally {
            registry.disconnect(publisher, ChangeOrigin.client(publisher));
        }
    }

    /** Receives one push and answers it as nacos-client 1.4.6 does; returns the packet as text. */
    private String receiveAndAck(DatagramSocket socket) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        DatagramPacket datagram = new DatagramPacket(buffer, buffer.length);
        socket.receive(datagram);
        assertEquals(channel.localAddress().orElseThrow(), datagram.getSocketAddress());
        byte[] bytes = Arrays.copyOf(buffer, datagram.getLength());
        if ((bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b) {
            bytes = new GZIPInputStream(new ByteArrayInputStream(bytes)).readAllBytes();
        }
        String packet = new String(bytes, StandardCharsets.UTF_8);
        String sequence = packet.replaceAll("(?s).*\"lastRefTime\":(\\d+).*", "$1");
        byte[] ack = ("{\"type\": \"push-ack\", \"lastRefTime\":\"" + sequence + "\", \"data\":\"\"}")
                .getBytes(StandardCharsets.UTF_8);
        socket.send(new DatagramPacket(ack, ack.length, datagram.getSocketAddress()));
        return packet;
    }
}
