package io.jacos.transport.http.forward;

import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The filter end to end: a 1.x register reaches the responsible peer, or the resource here with its body intact. */
class ForwardingFilterTest {

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final NodeId SELF = new NodeId("127.0.0.1", 1);

    /** What reached the resource after the filter: the body it read, or null when nothing did. */
    private String bodyHere;

    private ForwardingFilter filter(NodeId peer) {
        ForwardingFilter filter = new ForwardingFilter();
        filter.members = new FixedMembers(SELF, List.of(SELF, peer));
        filter.init();
        return filter;
    }

    private static int portOf(FixedMembers members, NodeId node) {
        return IntStream.range(1000, 2000).filter(p -> members.responsibleFor("10.1.1.1:" + p).equals(node))
                .findFirst().orElseThrow();
    }

    private ServletFakes.Response register(ForwardingFilter filter, int port) throws Exception {
        ServletFakes.Response response = new ServletFakes.Response();
        HttpServletRequest request = ServletFakes.request("POST", "/nacos/v1/ns/instance",
                "serviceName=s&ip=10.1.1.1", Map.of("Content-Type", FORM, "User-Agent", "Nacos-Java-Client:v1.4.6"),
                "port=" + port + "&weight=2");
        filter.doFilter(request, response.proxy(), (ServletRequest req, jakarta.servlet.ServletResponse res) ->
                bodyHere = readBody(req));
        return response;
    }

    private static String readBody(ServletRequest request) throws IOException {
        return new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void anInstanceOfAPeerIsRegisteredThereAndThePeersAnswerReturned() throws Exception {
        try (FakePeer peer = new FakePeer()) {
            ForwardingFilter filter = filter(peer.node());
            ServletFakes.Response response = register(filter, portOf((FixedMembers) filter.members, peer.node()));

            assertNull(bodyHere, "not handled here");
            assertEquals(201, response.status);
            assertEquals("ok", response.text());
            FakePeer.Seen seen = peer.next();
            assertEquals("/nacos/v1/ns/instance", seen.path());
            assertEquals("serviceName=s&ip=10.1.1.1", seen.query());
            assertNotNull(seen.headers().getFirst(PeerForwarding.FORWARDED_BY));
        }
    }

    @Test
    void anInstanceOfThisNodeIsHandledHereWithItsBodyReplayed() throws Exception {
        try (FakePeer peer = new FakePeer()) {
            ForwardingFilter filter = filter(peer.node());
            int port = portOf((FixedMembers) filter.members, SELF);
            register(filter, port);

            assertEquals("port=" + port + "&weight=2", bodyHere);
            assertEquals(0, peer.seen.size());
        }
    }

    @Test
    void whenThePeerIsDownTheRequestIsHandledHere() throws Exception {
        FakePeer peer = new FakePeer();
        ForwardingFilter filter = filter(peer.node());
        int port = portOf((FixedMembers) filter.members, peer.node());
        peer.close();

        register(filter, port);

        assertEquals("port=" + port + "&weight=2", bodyHere);
    }
}
