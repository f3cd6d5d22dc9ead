package io.jacos.transport.udp;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.OptionalLong;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 1.x UDP wire format: push packets, gzip from 1024 bytes, the datagram limit, and acks. */
class UdpPacketsTest {

    private static final long TOKEN = 123_456_789_012L;
    private static final InetSocketAddress ANYWHERE = new InetSocketAddress("127.0.0.1", 1);

    private final UdpPackets packets = new UdpPackets();

    private static FakeSubscriber.Datagram datagram(byte[] bytes) {
        return new FakeSubscriber.Datagram(bytes, ANYWHERE);
    }

    /** Data that makes the plain packet exactly {@code size} bytes long. */
    private String dataForPacketOf(int size) {
        int overhead = packets.push("", TOKEN).length;
        return "x".repeat(size - overhead);
    }

    @Test
    void aPushCarriesTheServiceInfoAsAJsonStringAndTheTokenAsANumber() throws IOException {
        String serviceInfo = "{\"name\":\"G@@orders\",\"hosts\":[]}";
        JsonNode packet = datagram(packets.push(serviceInfo, TOKEN)).packet();
        assertEquals("dom", packet.get("type").textValue());
        assertTrue(packet.get("data").isTextual(), "data is a string holding JSON, not an object");
        assertEquals(serviceInfo, packet.get("data").textValue());
        assertTrue(packet.get("lastRefTime").isIntegralNumber());
        assertEquals(TOKEN, packet.get("lastRefTime").longValue());
    }

    @Test
    void aPacketBelow1024BytesIsPlainUtf8() {
        byte[] bytes = packets.push(dataForPacketOf(1023), TOKEN);
        assertEquals(1023, bytes.length);
        assertEquals('{', bytes[0]);
    }

    @Test
    void aPacketOf1024BytesOrMoreIsGzippedWhole() throws IOException {
        String data = dataForPacketOf(1024);
        FakeSubscriber.Datagram gzipped = datagram(packets.push(data, TOKEN));
        assertEquals(0x1f, gzipped.bytes()[0] & 0xff);
        assertEquals(0x8b, gzipped.bytes()[1] & 0xff);
        assertEquals(1024, gzipped.text().getBytes(StandardCharsets.UTF_8).length);
        assertEquals(data, gzipped.packet().get("data").textValue());
    }

    @Test
    void aPacketThatDoesNotFitOneDatagramEvenGzippedIsRefused() {
        byte[] noise = new byte[80 * 1024];
        new Random(1).nextBytes(noise);
        String incompressible = Base64.getEncoder().encodeToString(noise);
        assertThrows(UdpPackets.PacketTooLarge.class, () -> packets.push(incompressible, TOKEN));
    }

    @Test
    void anAckIsReadWithTheTokenAsAStringOrANumber() {
        assertEquals(OptionalLong.of(TOKEN), ack("{\"type\": \"push-ack\", \"lastRefTime\":\"" + TOKEN
                + "\", \"data\":\"\"}"));
        assertEquals(OptionalLong.of(TOKEN), ack("{\"type\":\"push-ack\",\"lastRefTime\":" + TOKEN + "}"));
    }

    @Test
    void anythingButAPushAckWithATokenIsNoAck() {
        assertFalse(ack("{\"type\":\"dump-ack\",\"lastRefTime\":\"1\",\"data\":\"{}\"}").isPresent());
        assertFalse(ack("{\"type\":\"unknown-ack\",\"lastRefTime\":\"1\",\"data\":\"\"}").isPresent());
        assertFalse(ack("{\"type\":\"push-ack\",\"lastRefTime\":\"soon\"}").isPresent());
        assertFalse(ack("{\"type\":\"push-ack\",\"lastRefTime\":1.5}").isPresent());
        assertFalse(ack("{\"type\":\"push-ack\"}").isPresent());
        assertFalse(ack("[\"push-ack\"]").isPresent());
        assertFalse(ack("not json").isPresent());
        assertFalse(ack("").isPresent());
    }

    @Test
    void onlyTheReceivedLengthOfTheBufferIsRead() {
        byte[] buffer = new byte[256];
        byte[] ack = "{\"type\":\"push-ack\",\"lastRefTime\":\"7\"}".getBytes(StandardCharsets.UTF_8);
        System.arraycopy(ack, 0, buffer, 0, ack.length);
        buffer[ack.length] = '!';
        assertEquals(OptionalLong.of(7), packets.ackedToken(buffer, ack.length));
    }

    private OptionalLong ack(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return packets.ackedToken(bytes, bytes.length);
    }
}
