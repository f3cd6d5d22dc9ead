package io.jacos.transport.udp;

import io.jacos.settings.UdpSettings;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The channel as the push engine sees it: its counter name, serving nobody while UDP push is off, its ack tokens. */
class UdpPushChannelTest {

    private final UdpPushChannel channel = channel(new UdpSettings(new io.jacos.testing.ShippedDefaults()));

    private static UdpPushChannel channel(UdpSettings udp) {
        return new UdpPushChannel(udp, null, null, null, null, null, null, java.time.Clock.systemUTC(), null);
    }

    @Test
    void itCountsAsUdp() {
        assertEquals("udp", channel.name());
    }

    @Test
    void whenUdpPushIsOffNoSocketIsOpenedAndNobodyIsServed() {
        // Every setting unset: jacos.udp.push-enabled is false.
        UdpPushChannel channel = channel(new UdpSettings());
        channel.start();

        assertTrue(channel.localAddress().isEmpty());
        ClientId poller = ClientId.ofIpPort("127.0.0.1", 40000, true);
        assertTrue(channel.push(poller, new Subscription(new ServiceKey("public", "G", "orders"), ""), () -> {
            throw new AssertionError("no view is read for a push that is not made");
        }).isEmpty());
        channel.shutDown();
    }

    @Test
    void ackTokensAreRandomAndNonNegative() {
        LongSupplier tokens = UdpPushChannel.ackTokens(new SecureRandom());
        Set<Long> seen = new HashSet<>();
        long previous = tokens.getAsLong();
        seen.add(previous);
        for (int i = 0; i < 1000; i++) {
            long token = tokens.getAsLong();
            assertTrue(token >= 0, "non-negative: " + token);
            assertNotEquals(previous + 1, token, "not the next number after the last token");
            assertTrue(seen.add(token), "never repeated");
            previous = token;
        }
    }

    @Test
    void aNegativeRandomNumberBecomesANonNegativeToken() {
        SecureRandom allOnes = new SecureRandom() {
            @Override
            public long nextLong() {
                return -1L;
            }
        };
        assertEquals(Long.MAX_VALUE, UdpPushChannel.ackTokens(allOnes).getAsLong());
    }

    @Test
    void theAckSweepRunsAtATenthOfTheAckTimeoutWithinTenMillisAndOneSecond() {
        assertEquals(1000, UdpPushChannel.sweepPeriodMillis(10_000));
        assertEquals(1000, UdpPushChannel.sweepPeriodMillis(60_000));
        assertEquals(50, UdpPushChannel.sweepPeriodMillis(500));
        assertEquals(10, UdpPushChannel.sweepPeriodMillis(20));
    }
}
