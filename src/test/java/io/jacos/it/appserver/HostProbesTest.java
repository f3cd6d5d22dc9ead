package io.jacos.it.appserver;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The loopback check reads {@code ss -ltnpH} lines as this machine prints them. */
class HostProbesTest {

    @Test
    void loopbackAddressesInEveryFormSsPrints() {
        assertTrue(loopback("LISTEN 0      4096   127.0.0.1:31080 0.0.0.0:* users:((\"java\",pid=25503,fd=611))"));
        assertTrue(loopback("LISTEN 0      4096   [::ffff:127.0.0.1]:20037            *:*    users:((\"java\",pid=22007,fd=459))"));
        assertTrue(loopback("LISTEN 0      50     [::1]:9990 [::]:* users:((\"java\",pid=1,fd=3))"));
    }

    @Test
    void wildcardAndOtherAddressesAreNotLoopback() {
        assertFalse(loopback("LISTEN 0      4096               *:20048            *:*    users:((\"java\",pid=21697,fd=483))"));
        assertFalse(loopback("LISTEN 0      128      0.0.0.0:2024  0.0.0.0:*"));
        assertFalse(loopback("LISTEN 0      4096   [::]:8080 [::]:* users:((\"java\",pid=1,fd=3))"));
        assertFalse(loopback("LISTEN 0      4096   10.0.2.15:8080 0.0.0.0:* users:((\"java\",pid=1,fd=3))"));
    }

    @Test
    void localAddressIsTheFourthColumn() {
        assertEquals("[::ffff:127.0.0.1]:20037",
                HostProbes.localAddress("LISTEN 0 4096 [::ffff:127.0.0.1]:20037 *:* users:((\"java\",pid=2,fd=4))"));
    }

    private static boolean loopback(String line) {
        return HostProbes.isLoopback(HostProbes.localAddress(line));
    }
}
