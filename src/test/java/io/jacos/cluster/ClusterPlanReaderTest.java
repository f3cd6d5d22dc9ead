package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterPlanReaderTest {

    /** The hosts this fake machine answers to. */
    private static final Set<String> LOCAL = Set.of("127.0.0.1", "10.0.0.2", "10.0.0.7");
    /** The address this fake machine goes by as Nacos picks it (its first non-loopback address). */
    private static final String MACHINE = "10.0.0.7";

    @TempDir
    Path home;

    private ClusterPlan read(Map<String, String> values, int mainPort) {
        Map<String, String> settings = new HashMap<>(values);
        settings.putIfAbsent("nacos.home", home.toString());
        return new ClusterPlanReader(name -> Optional.ofNullable(settings.get(name)), LOCAL::contains,
                () -> MACHINE).read(mainPort);
    }

    @Test
    void noMembersConfiguredMeansStandaloneNamedByTheMachinesAddress() {
        ClusterPlan plan = read(Map.of(), 8848);
        assertFalse(plan.clusterMode());
        assertEquals(new NodeId(MACHINE, 8848), plan.self());
        assertEquals(List.of(plan.self()), plan.configured());
    }

    @Test
    void aServerAddressNamingOneAddressNamesThisNodeTheWildcardDoesNot() {
        assertEquals(new NodeId("127.0.0.1", 8848), read(Map.of("server.address", "127.0.0.1"), 8848).self());
        assertEquals(new NodeId("127.0.0.1", 8848), read(Map.of("server.address", "127.0.0.1",
                "SERVER_ADDRESS", "127.0.0.9"), 8848).self(), "the property wins, as for the listeners");
        assertEquals(new NodeId(MACHINE, 8848), read(Map.of("server.address", "0.0.0.0"), 8848).self());
        assertEquals(new NodeId("10.0.0.9", 8848), read(Map.of("server.address", "127.0.0.1",
                "nacos.inetutils.ip-address", "10.0.0.9"), 8848).self(), "the configured name wins");
    }

    @Test
    void memberListNamesTheNodesAndABareHostMeansPort8848() {
        ClusterPlan plan = read(Map.of("nacos.member.list", " 10.0.0.1:8848, 10.0.0.2 ,10.0.0.3:9848"), 8848);
        assertTrue(plan.clusterMode());
        assertEquals(new NodeId("10.0.0.2", 8848), plan.self(), "the listed node on our port with a local host");
        assertEquals(List.of(new NodeId("10.0.0.1", 8848), new NodeId("10.0.0.2", 8848),
                new NodeId("10.0.0.3", 9848)), plan.configured());
    }

    @Test
    void clusterConfIsReadWithCommentsAndBlankLines() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/cluster.conf"),
                "# the three nodes\n127.0.0.1:28848\n\n127.0.0.1:28858   # second\n  127.0.0.1:28868\n");
        ClusterPlan plan = read(Map.of(), 28858);
        assertTrue(plan.clusterMode());
        assertEquals(new NodeId("127.0.0.1", 28858), plan.self());
        assertEquals(3, plan.configured().size());
    }

    @Test
    void memberListWinsOverClusterConf() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/cluster.conf"), "127.0.0.1:1111\n127.0.0.1:2222\n");
        ClusterPlan plan = read(Map.of("nacos.member.list", "127.0.0.1:28848,127.0.0.1:28858"), 28848);
        assertEquals(List.of(new NodeId("127.0.0.1", 28848), new NodeId("127.0.0.1", 28858)), plan.configured());
    }

    @Test
    void standaloneSettingWinsOverAMemberList() {
        ClusterPlan plan = read(Map.of("nacos.member.list", "127.0.0.1:28848,127.0.0.1:28858",
                "nacos.standalone", "true"), 28848);
        assertFalse(plan.clusterMode());
    }

    @Test
    void aListNamingOnlyThisNodeIsNoCluster() {
        assertFalse(read(Map.of("nacos.member.list", "127.0.0.1:28848"), 28848).clusterMode());
    }

    @Test
    void configuredIpAddressNamesThisNodeAndIsAddedToTheNodes() {
        ClusterPlan plan = read(Map.of("nacos.member.list", "10.0.0.1:8848,10.0.0.3:8848",
                "nacos.inetutils.ip-address", "10.0.0.9"), 8848);
        assertEquals(new NodeId("10.0.0.9", 8848), plan.self());
        assertTrue(plan.configured().contains(plan.self()));
        assertEquals("10.0.0.9", plan.bindAddress(), "binds where it is named unless told otherwise");
    }

    @Test
    void aListedHostOfAnotherMachineOrPortIsNotSelf() {
        ClusterPlan plan = read(Map.of("nacos.member.list", "10.0.0.1:8848,10.0.0.2:9999"), 8848);
        assertEquals(new NodeId(MACHINE, 8848), plan.self());
    }

    @Test
    void portsAndTimesHaveDefaultsAndCanBeSet() {
        ClusterPlan defaults = read(Map.of("nacos.member.list", "127.0.0.1:28848,127.0.0.1:28858"), 28848);
        assertEquals(29849, defaults.bindPort());
        assertEquals(29859, defaults.clusterPort(new NodeId("127.0.0.1", 28858)));
        assertEquals("jacos", defaults.clusterName());
        assertEquals(ClusterPlan.Discovery.STATIC, defaults.discovery());
        assertEquals(10_000, defaults.suspectTimeoutMillis());
        assertEquals(3000, defaults.mergeMinMillis());
        assertEquals(6000, defaults.mergeMaxMillis());

        ClusterPlan set = read(Map.of("nacos.member.list", "127.0.0.1:28848,127.0.0.1:28858",
                "jacos.cluster.port-offset", "2000", "jacos.cluster.name", "blue",
                "jacos.cluster.suspect-timeout", "3000", "jacos.cluster.merge-interval", "500/1000"), 28848);
        assertEquals(30848, set.bindPort());
        assertEquals("blue", set.clusterName());
        assertEquals(3000, set.suspectTimeoutMillis());
        assertEquals(500, set.mergeMinMillis());
        assertEquals(1000, set.mergeMaxMillis());
    }

    @Test
    void dnsDiscoveryIsClusterModeAndNeedsAQuery() {
        ClusterPlan plan = read(Map.of("jacos.cluster.discovery", "dns",
                "jacos.cluster.dns-query", "jacos-headless.default.svc.cluster.local"), 8848);
        assertTrue(plan.clusterMode());
        assertEquals(ClusterPlan.Discovery.DNS, plan.discovery());
        assertThrows(IllegalArgumentException.class, () -> read(Map.of("jacos.cluster.discovery", "dns"), 8848));
        assertThrows(IllegalArgumentException.class, () -> read(Map.of("jacos.cluster.discovery", "mdns"), 8848));
    }

    @Test
    void aMalformedAddressIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> read(Map.of("nacos.member.list", "127.0.0.1:28848,127.0.0.1:http"), 28848));
    }
}
