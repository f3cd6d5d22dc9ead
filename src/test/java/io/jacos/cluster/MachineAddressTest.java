package io.jacos.cluster;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MachineAddressTest {

    private static final Optional<MachineAddress.LocalHost> HOST =
            Optional.of(new MachineAddress.LocalHost("node-a", "node-a.example.com", "192.168.7.7"));

    private static MachineAddress.Nic nic(String name, int index, boolean up, String... addresses) {
        return new MachineAddress.Nic(name, index, up, Arrays.stream(addresses).map(MachineAddressTest::address).toList());
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    private static String pick(Map<String, String> settings, MachineAddress.Nic... nics) {
        return new MachineAddress(name -> Optional.ofNullable(settings.get(name))).pick(List.of(nics), HOST);
    }

    /** A typical server: loopback, the LAN card, a container bridge; the JDK lists them highest index first. */
    private static final MachineAddress.Nic[] SERVER = {
        nic("docker0", 5, true, "172.17.0.1"),
        nic("eth1", 3, true, "fe80::2", "10.20.0.9"),
        nic("eth0", 2, true, "fe80::1", "192.168.1.20"),
        nic("lo", 1, true, "::1", "127.0.0.1"),
    };

    @Test
    void theIpv4AddressOfTheUpInterfaceWithTheLowestIndexLoopbackAside() {
        assertEquals("192.168.1.20", pick(Map.of(), SERVER));
    }

    @Test
    void interfacesThatAreDownOrHaveNoUsableAddressAreSkipped() {
        assertEquals("10.20.0.9", pick(Map.of(),
                nic("eth0", 2, false, "192.168.1.20"), nic("eth1", 3, true, "10.20.0.9"), nic("tun0", 1, true, "fe80::9"),
                nic("lo", 1, true, "127.0.0.1")));
    }

    @Test
    void withSeveralAddressesOnOneInterfaceTheLastListedIsTaken() {
        assertEquals("192.168.1.21", pick(Map.of(), nic("eth0", 2, true, "192.168.1.20", "192.168.1.21")));
    }

    @Test
    void ignoredInterfacesByNameOrPattern() {
        assertEquals("10.20.0.9", pick(Map.of("nacos.inetutils.ignored-interfaces", "eth0"), SERVER));
        assertEquals("172.17.0.1", pick(Map.of("nacos.inetutils.ignored-interfaces", "eth.*"), SERVER));
    }

    @Test
    void preferredNetworksByPrefixOrPattern() {
        assertEquals("10.20.0.9", pick(Map.of("nacos.inetutils.preferred-networks", "10.20."), SERVER));
        assertEquals("172.17.0.1", pick(Map.of("nacos.inetutils.preferred-networks", "nope, 172\\.17\\..*"), SERVER));
    }

    @Test
    void onlySiteLocalAddressesWhenAskedFor() {
        assertEquals("10.0.0.3", pick(Map.of("nacos.inetutils.use-only-site-local-interfaces", "true"),
                nic("eth0", 2, true, "203.0.113.4"), nic("eth1", 3, true, "10.0.0.3")));
        assertEquals("203.0.113.4", pick(Map.of(), nic("eth0", 2, true, "203.0.113.4"), nic("eth1", 3, true, "10.0.0.3")));
    }

    @Test
    void theHostNameWhenPreferredItsCanonicalFormWhenThatDiffers() {
        assertEquals("node-a.example.com", pick(Map.of("nacos.inetutils.prefer-hostname-over-ip", "true"), SERVER));
        MachineAddress preferring = new MachineAddress(name -> name.equals("nacos.inetutils.prefer-hostname-over-ip")
                ? Optional.of("true") : Optional.empty());
        assertEquals("node-b", preferring.pick(List.of(SERVER),
                Optional.of(new MachineAddress.LocalHost("node-b", "node-b", "10.0.0.8"))));
    }

    @Test
    void aMachineWithOnlyLoopbackGoesByItsLocalHostAddressElseLoopback() {
        MachineAddress.Nic lo = nic("lo", 1, true, "127.0.0.1", "::1");
        assertEquals("192.168.7.7", pick(Map.of(), lo));
        assertEquals("127.0.0.1", new MachineAddress(name -> Optional.empty()).pick(List.of(lo), Optional.empty()));
    }
}
