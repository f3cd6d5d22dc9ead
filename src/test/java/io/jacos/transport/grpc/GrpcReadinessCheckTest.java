package io.jacos.transport.grpc;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GrpcReadinessCheckTest {

    @Test
    void aServerOnEveryInterfaceIsProbedOnLoopback() {
        assertEquals(new InetSocketAddress(InetAddress.getLoopbackAddress(), 9848),
                GrpcReadinessCheck.reachable(new InetSocketAddress(9848)));
        assertEquals(new InetSocketAddress(InetAddress.getLoopbackAddress(), 9848),
                GrpcReadinessCheck.reachable(new InetSocketAddress("0.0.0.0", 9848)));
    }

    @Test
    void aServerOnOneAddressIsProbedThere() {
        InetSocketAddress bound = new InetSocketAddress("127.0.0.2", 9848);
        assertEquals(bound, GrpcReadinessCheck.reachable(bound));
    }
}
