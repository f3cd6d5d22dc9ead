package io.jacos.transport.udp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.model.ClientId;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Plays a 1.x client's push receiver on a loopback port: receives push datagrams (waiting at most 5 s for
 * each) and answers with acks, as nacos-client 1.4.6 does, or with anything a test wants to send.
 */
final class FakeSubscriber implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One datagram as it arrived. */
    record Datagram(byte[] bytes, InetSocketAddress from) {

        boolean isGzipped() {
            return bytes.length >= 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b;
        }

        String text() {
            try {
                byte[] plain = isGzipped()
                        ? new GZIPInputStream(new ByteArrayInputStream(bytes)).readAllBytes() : bytes;
                return new String(plain, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        JsonNode packet() throws IOException {
            return JSON.readTree(text());
        }

        /** The ack token, which the packet carries as {@code lastRefTime}. */
        long token() throws IOException {
            return packet().get("lastRefTime").longValue();
        }

        /** The {@code data} string of a push, parsed: the ServiceInfo the client applies. */
        JsonNode serviceInfo() throws IOException {
            return JSON.readTree(packet().get("data").textValue());
        }
    }

    private final DatagramSocket socket;

    FakeSubscriber() throws SocketException {
        socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
        socket.setSoTimeout(5000);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    /** The registry id a 1.x client polling with this address as {@code clientIP:udpPort} gets. */
    ClientId clientId() {
        return ClientId.ofIpPort("127.0.0.1", address().getPort(), true);
    }

    Datagram receive() throws IOException {
        byte[] buffer = new byte[64 * 1024];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        socket.receive(packet);
        return new Datagram(Arrays.copyOf(buffer, packet.getLength()),
                (InetSocketAddress) packet.getSocketAddress());
    }

    /** The ack nacos-client 1.4.6 sends: the token as a string, to the address the push came from. */
    void ack(Datagram push) throws IOException {
        send("{\"type\": \"push-ack\", \"lastRefTime\":\"" + push.token() + "\", \"data\":\"\"}", push.from());
    }

    void send(String text, InetSocketAddress to) throws IOException {
        send(text.getBytes(StandardCharsets.UTF_8), to);
    }

    void send(byte[] bytes, InetSocketAddress to) throws IOException {
        socket.send(new DatagramPacket(bytes, bytes.length, to));
    }

    @Override
    public void close() {
        socket.close();
    }
}
