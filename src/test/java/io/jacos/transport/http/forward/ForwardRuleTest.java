package io.jacos.transport.http.forward;

import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.transport.http.param.RequestParams;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which 1.x requests go to which node. */
class ForwardRuleTest {

    private static final NodeId SELF = new NodeId("10.0.0.1", 8848);
    private static final NodeId B = new NodeId("10.0.0.2", 8848);
    private static final NodeId C = new NodeId("10.0.0.3", 8848);
    private static final FixedMembers CLUSTER = new FixedMembers(SELF, List.of(SELF, B, C));

    private final ForwardRule rule = new ForwardRule(CLUSTER);

    /** A port at which {@code ip:port} is {@code node}'s. */
    private static int portOf(NodeId node, String ip) {
        return IntStream.range(1000, 2000).filter(port -> CLUSTER.responsibleFor(ip + ':' + port).equals(node))
                .findFirst().orElseThrow();
    }

    private Optional<NodeId> target(String path, Map<String, String> params) {
        return rule.target(path, RequestParams.of(params));
    }

    @Test
    void onlyInstanceWritesOfAClusterNodeAreLookedAt() {
        assertTrue(rule.concerns("POST", "/v1/ns/instance", false));
        assertTrue(rule.concerns("put", "/v1/ns/instance/", false));
        assertTrue(rule.concerns("DELETE", "/v2/ns/instance", false));
        assertTrue(rule.concerns("PUT", "/v1/ns/instance/beat", false));
        assertTrue(rule.concerns("PUT", "/v2/ns/instance/beat", false));

        assertFalse(rule.concerns("GET", "/v1/ns/instance", false), "reads are answered by any node");
        assertFalse(rule.concerns("GET", "/v1/ns/instance/list", false));
        assertFalse(rule.concerns("POST", "/v1/ns/instance/beat", false));
        assertFalse(rule.concerns("PUT", "/v1/ns/instance/metadata/batch", false));
        assertFalse(rule.concerns("POST", "/v1/ns/instance", true), "already forwarded once");
        assertFalse(new ForwardRule(FixedMembers.standalone()).concerns("POST", "/v1/ns/instance", false));
    }

    @Test
    void anEphemeralInstanceGoesToTheNodeResponsibleForItsIpAndPort() {
        int atB = portOf(B, "192.168.0.7");
        assertEquals(Optional.of(B), target("/v1/ns/instance", Map.of("ip", "192.168.0.7", "port", "" + atB,
                "serviceName", "s")));
        assertEquals(Optional.of(B), target("/v2/ns/instance", Map.of("ip", "192.168.0.7", "port", "" + atB,
                "ephemeral", "true")));
        int atSelf = portOf(SELF, "192.168.0.7");
        assertEquals(Optional.empty(), target("/v1/ns/instance", Map.of("ip", "192.168.0.7", "port", "" + atSelf)),
                "this node's own");
    }

    @Test
    void persistentInstancesAndUnreadableRequestsStayHere() {
        int atB = portOf(B, "192.168.0.7");
        assertEquals(Optional.empty(), target("/v1/ns/instance", Map.of("ip", "192.168.0.7", "port", "" + atB,
                "ephemeral", "false")));
        assertEquals(Optional.empty(), target("/v1/ns/instance", Map.of("ip", "192.168.0.7")), "no port");
        assertEquals(Optional.empty(), target("/v1/ns/instance", Map.of("ip", "192.168.0.7", "port", "x")));
    }

    @Test
    void aBeatIsPlacedByTheIpAndPortInItsJsonElseByTheQuery() {
        int atB = portOf(B, "192.168.0.7");
        int atC = portOf(C, "192.168.0.7");
        String beat = "{\"ip\":\"192.168.0.7\",\"port\":" + atC + ",\"serviceName\":\"s\"}";
        assertEquals(Optional.of(C), target("/v1/ns/instance/beat", Map.of("ip", "192.168.0.7", "port", "" + atB,
                "beat", beat)), "the beat's own ip and port win");
        assertEquals(Optional.of(B), target("/v1/ns/instance/beat", Map.of("ip", "192.168.0.7", "port", "" + atB)),
                "a light beat");
        assertEquals(Optional.empty(), target("/v1/ns/instance/beat", Map.of("beat",
                "{\"ip\":\"192.168.0.7\",\"port\":" + atC + ",\"ephemeral\":false}")), "refused here");
        assertEquals(Optional.empty(), target("/v1/ns/instance/beat", Map.of("beat", "not json")));
    }
}
