package io.jacos.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The receiving end of a 1.x client's UDP push, on 127.0.0.1: one socket, one thread that reads each packet
 * (gunzipped when it starts with the gzip magic), answers it at once to the packet's source address as 1.4.6's
 * PushReceiver does ({@code push-ack} with the packet's {@code lastRefTime} as a string), and hands the
 * ServiceInfo in {@code data} to a listener with the packet's arrival time. A packet whose {@code lastRefTime} was
 * seen before is a retransmit: acknowledged again, counted, not handed on.
 */
final class UdpSubscriber implements AutoCloseable {

    /** Called on the receiving thread for each new {@code dom}/{@code service} packet. */
    interface Listener {
        void onPush(JsonNode serviceInfo, long arrivalNanos);
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BUFFER_BYTES = 64 * 1024; // 1.4.6's receive buffer
    private static final int REMEMBERED_PACKETS = 10_000;

    private final DatagramSocket socket;
    private final Listener listener;
    private final Thread receiver;
    private final AtomicInteger packets = new AtomicInteger();
    private final AtomicInteger retransmits = new AtomicInteger();
    private final AtomicInteger undecodable = new AtomicInteger();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    // Sequence numbers seen, oldest dropped first; only the receiving thread touches it.
    private final Map<String, Boolean> seen = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED_PACKETS;
        }
    };
    private volatile boolean closed;

    private UdpSubscriber(Listener listener) throws IOException {
        this.listener = listener;
        this.socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        // Wakes the receiving thread now and then so that close() never waits on a blocked receive.
        socket.setSoTimeout(200);
        this.receiver = new Thread(this::receive, "bench-udp-subscriber");
        receiver.setDaemon(true);
    }

    static UdpSubscriber open(Listener listener) throws IOException {
        UdpSubscriber subscriber = new UdpSubscriber(listener);
        subscriber.receiver.start();
        return subscriber;
    }

    int port() {
        return socket.getLocalPort();
    }

    int packets() {
        return packets.get();
    }

    int retransmits() {
        return retransmits.get();
    }

    int undecodable() {
        return undecodable.get();
    }

    String firstError() {
        return firstError.get();
    }

    private void receive() {
        byte[] buffer = new byte[BUFFER_BYTES];
        while (!closed) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException idle) {
                continue;
            } catch (IOException e) {
                if (!closed) {
                    firstError.compareAndSet(null, "receive: " + e);
                }
                return;
            }
            long arrival = System.nanoTime();
            packets.incrementAndGet();
            try {
                handle(packet, arrival);
            } catch (IOException | RuntimeException e) {
                undecodable.incrementAndGet();
                firstError.compareAndSet(null, "packet from " + packet.getSocketAddress() + ": " + e);
            }
        }
    }

    private void handle(DatagramPacket packet, long arrival) throws IOException {
        byte[] bytes = Arrays.copyOfRange(packet.getData(), packet.getOffset(),
                packet.getOffset() + packet.getLength());
        boolean gzipped = bytes.length > 1 && bytes[0] == (byte) 0x1f && bytes[1] == (byte) 0x8b;
        JsonNode message = JSON.readTree(V1Http.text(bytes, gzipped).trim());
        String type = message.path("type").asText("");
        String lastRefTime = message.path("lastRefTime").asText("");
        boolean update = "dom".equals(type) || "service".equals(type);
        // 1.4.6 answers every packet: push-ack for updates, dump-ack for a dump request, unknown-ack otherwise.
        String ackType = update ? "push-ack" : "dump".equals(type) ? "dump-ack" : "unknown-ack";
        String ack = "{\"type\":\"" + ackType + "\",\"lastRefTime\":\"" + lastRefTime + "\",\"data\":\"\"}";
        byte[] ackBytes = ack.getBytes(StandardCharsets.UTF_8);
        socket.send(new DatagramPacket(ackBytes, ackBytes.length, packet.getSocketAddress()));
        if (seen.put(lastRefTime, Boolean.TRUE) != null) {
            retransmits.incrementAndGet();
            return;
        }
        if (update) {
            listener.onPush(JSON.readTree(message.path("data").asText("")), arrival);
        }
    }

    @Override
    public void close() {
        closed = true;
        socket.close();
        try {
            receiver.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
