package io.jacos.transport.http.forward;

import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.transport.http.param.RequestParams;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static io.jacos.transport.http.forward.ForwardToResponsible.Key.BEAT;
import static io.jacos.transport.http.forward.ForwardToResponsible.Key.INSTANCE;
import static org.junit.jupiter.api.Assertions.assertEquals;

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

    private Optional<NodeId> target(ForwardToResponsible.Key key, Map<String, String> params) {
        return rule.target(key, RequestParams.of(params));
    }

    @Test
    void aStandaloneNodeHandlesEverythingItself() {
        ForwardRule standalone = new ForwardRule(FixedMembers.standalone());
        assertEquals(Optional.empty(), standalone.target(INSTANCE, RequestParams.of(Map.of("ip", "192.168.0.7",
                "port", "1234"))));
    }

    @Test
    void anEphemeralInstanceGoesToTheNodeResponsibleForItsIpAndPort() {
        int atB = portOf(B, "192.168.0.7");
        assertEquals(Optional.of(B), target(INSTANCE, Map.of("ip", "192.168.0.7", "port", "" + atB,
                "serviceName", "s")));
        assertEquals(Optional.of(B), target(INSTANCE, Map.of("ip", "192.168.0.7", "port", "" + atB,
                "ephemeral", "true")));
        int atSelf = portOf(SELF, "192.168.0.7");
        assertEquals(Optional.empty(), target(INSTANCE, Map.of("ip", "192.168.0.7", "port", "" + atSelf)),
                "this node's own");
    }

    @Test
    void persistentInstancesAndUnreadableRequestsStayHere() {
        int atB = portOf(B, "192.168.0.7");
        assertEquals(Optional.empty(), target(INSTANCE, Map.of("ip", "192.168.0.7", "port", "" + atB,
                "ephemeral", "false")));
        assertEquals(Optional.empty(), target(INSTANCE, Map.of("ip", "192.168.0.7")), "no port");
        assertEquals(Optional.empty(), target(INSTANCE, Map.of("ip", "192.168.0.7", "port", "x")));
    }

    @Test
    void aBeatIsPlacedByTheIpAndPortInItsJsonElseByTheQuery() {
        int atB = portOf(B, "192.168.0.7");
        int atC = portOf(C, "192.168.0.7");
        String beat = "{\"ip\":\"192.168.0.7\",\"port\":" + atC + ",\"serviceName\":\"s\"}";
        assertEquals(Optional.of(C), target(BEAT, Map.of("ip", "192.168.0.7", "port", "" + atB,
                "beat", beat)), "the beat's own ip and port win");
        assertEquals(Optional.of(B), target(BEAT, Map.of("ip", "192.168.0.7", "port", "" + atB)),
                "a light beat");
        assertEquals(Optional.empty(), target(BEAT, Map.of("beat",
                "{\"ip\":\"192.168.0.7\",\"port\":" + atC + ",\"ephemeral\":false}")), "refused here");
        assertEquals(Optional.empty(), target(BEAT, Map.of("beat", "not json")));
    }
}
