package io.jacos.transport.udp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.channels.DatagramChannel;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The receiving half of the push socket: reads datagrams, keeps the {@code push-ack}s and hands each one's
 * sender and token on. Anything else is counted and dropped; no datagram can end the loop.
 */
final class AckReceiver {

    private static final Logger LOG = Logger.getLogger(AckReceiver.class.getName());

    /** Longest wait in one receive, so a request to stop is seen even when no datagram comes. */
    static final int POLL_MILLIS = 200;

    interface Acks {
        void received(InetSocketAddress from, long token);
    }

    private final DatagramChannel channel;
    private final UdpPackets packets;
    private final UdpStats stats;
    private final Acks acks;

    AckReceiver(DatagramChannel channel, UdpPackets packets, UdpStats stats, Acks acks) {
        this.channel = channel;
        this.packets = packets;
        this.stats = stats;
        this.acks = acks;
    }

    /**
     * Receives until the socket is closed or {@code keepRunning} turns false. The condition is looked at after
     * every datagram and every {@link #POLL_MILLIS}: a pool that is shut down without interrupting its threads
     * (as the container's pools are on undeploy) then still gets this thread back at once.
     */
    void receiveWhile(BooleanSupplier keepRunning) {
        byte[] buffer = new byte[UdpPackets.MAX_PACKET + 1];
        DatagramPacket datagram = new DatagramPacket(buffer, buffer.length);
        DatagramSocket socket = channel.socket();
        try {
            socket.setSoTimeout(POLL_MILLIS);
        } catch (SocketException e) {
            return;
        }
        while (channel.isOpen() && keepRunning.getAsBoolean()) {
            datagram.setLength(buffer.length);
            try {
                socket.receive(datagram);
            } catch (SocketTimeoutException e) {
                continue;
            } catch (IOException e) {
                if (channel.isOpen()) {
                    LOG.log(Level.FINE, "UDP receive failed", e);
                }
                continue;
            }
            try {
                handle((InetSocketAddress) datagram.getSocketAddress(), buffer, datagram.getLength());
            } catch (RuntimeException e) {
                // Whatever a datagram holds, the loop must go on receiving.
                LOG.log(Level.FINE, "UDP datagram from " + datagram.getSocketAddress() + " not handled", e);
            }
        }
        LOG.fine("UDP receiver stopped");
    }

    private void handle(InetSocketAddress from, byte[] datagram, int length) {
        OptionalLong token = packets.ackedToken(datagram, length);
        if (token.isEmpty()) {
            stats.ignored();
            LOG.log(Level.FINE, "Ignored a UDP datagram of {0} bytes from {1}", new Object[]{length, from});
            return;
        }
        stats.ackReceived();
        acks.received(from, token.getAsLong());
    }
}
