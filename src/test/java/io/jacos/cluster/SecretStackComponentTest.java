package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.BytesMessage;
import org.jgroups.protocols.AUTH;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stack with a cluster secret, on real loopback sockets: who gets in, and what an outsider's messages do. */
@Timeout(90)
class SecretStackComponentTest {

    private static final Optional<ClusterKeys> KEYS = Optional.of(ClusterKeys.derive("the-cluster-secret-0001"));
    private static final Optional<ClusterKeys> WRONG = Optional.of(ClusterKeys.derive("not-the-secret-00001"));

    private final ChannelHarness harness = new ChannelHarness();
    private final java.util.logging.Logger watchLog = java.util.logging.Logger.getLogger(SecretGate.class.getName());
    private final List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.logging.Handler recorder = new java.util.logging.Handler() {
        @Override
        public void publish(java.util.logging.LogRecord record) {
            warnings.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** Four nodes configured alike: a and b get the secret, c another one, d none. */
    private NodeId a;
    private NodeId b;
    private NodeId c;
    private NodeId d;
    private List<NodeId> all;
    private String name;

    @org.junit.jupiter.api.BeforeEach
    void setUp() throws java.io.IOException {
        watchLog.addHandler(recorder);
        a = ChannelHarness.freeNode();
        b = ChannelHarness.freeNode();
        c = ChannelHarness.freeNode();
        d = ChannelHarness.freeNode();
        all = List.of(a, b, c, d);
        name = "secret-" + System.nanoTime();
    }

    @AfterEach
    void stop() {
        watchLog.removeHandler(recorder);
        harness.close();
    }

    @Test
    void nodesWithTheSecretFormAViewAndNodesWithAnotherOrNoneStayOutAndAreNotHeard() throws Exception {
        ChannelHarness.Node first = harness.start(a, all, name, KEYS);
        ChannelHarness.Node second = harness.start(b, all, name, KEYS);
        assertNotNull(first.channel().getProtocolStack().findProtocol(SYM_ENCRYPT.class));
        assertNotNull(first.channel().getProtocolStack().findProtocol(AUTH.class));
        List<NodeId> members = awaitViewOfBoth(first, second);
        send(first, second.channel().getAddress(), "replicated");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.inbox().messages.contains(
                new RecordingInbox.Received(a, "replicated")));

        // Same cluster name and peers, wrong secret; and one with none: each ends up alone.
        ChannelHarness.Node intruder = harness.start(c, all, name, WRONG);
        ChannelHarness.Node open = harness.start(d, all, name, Optional.empty());
        // Over several merge rounds (300-600 ms), the outsiders' merge offers get them nowhere.
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(8)).until(() ->
                first.tracker().current().members().equals(members)
                        && second.tracker().current().members().equals(members)
                        && intruder.tracker().current().members().equals(List.of(c))
                        && open.tracker().current().members().equals(List.of(d)));

        // Sent straight to a member's address, outside any view: dropped, never handed to the inbox.
        send(intruder, first.channel().getAddress(), "injected");
        send(intruder, null, "injected to all");
        send(open, first.channel().getAddress(), "injected in the clear");
        // A member's message altered on the way (here: sent without its seal) is dropped too.
        first.channel().send(new BytesMessage(second.channel().getAddress(),
                "injected unsealed".getBytes(StandardCharsets.UTF_8)));
        send(first, second.channel().getAddress(), "after");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.inbox().messages.contains(
                new RecordingInbox.Received(a, "after")));
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4)).until(() ->
                first.inbox().messages.stream().noneMatch(m -> m.text().startsWith("injected"))
                        && second.inbox().messages.stream().noneMatch(m -> m.text().startsWith("injected")));
        assertEquals(members, first.tracker().current().members());
        assertNull(first.inbox().messages.stream().filter(m -> m.from().equals(c) || m.from().equals(d))
                .findAny().orElse(null));
        assertTrue(intruder.inbox().messages.stream().noneMatch(m -> m.text().equals("after")));
        // Each node names each other node it refuses once, however often that one retransmits; nothing else.
        assertTrue(warnings.stream().allMatch(w -> w.contains("another key") || w.contains("in the clear")
                || w.contains("this node has none")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("another key") && w.contains(c.address())), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("in the clear") && w.contains(d.address())), warnings.toString());
        // a and b name c and d; c names a, b and d; d names a, b and c.
        assertTrue(warnings.size() <= 10, "one line per refused node and refusing node: " + warnings);
    }

    @Test
    void outsidersAlreadyRunningNeitherStallTheJoinNorLeadTheMerge() throws Exception {
        // Coordinators of their own views before a and b start: what a and b discover first, and merge
        // candidates that one in two runs sort ahead of a and b.
        ChannelHarness.Node intruder = harness.start(c, all, name, WRONG);
        ChannelHarness.Node open = harness.start(d, all, name, Optional.empty());
        ChannelHarness.Node first = harness.start(a, all, name, KEYS);
        ChannelHarness.Node second = harness.start(b, all, name, KEYS);

        List<NodeId> members = awaitViewOfBoth(first, second);
        assertEquals(List.of(c), intruder.tracker().current().members());
        assertEquals(List.of(d), open.tracker().current().members());
    }

    /** Waits until both nodes' view is the two of them, and returns its members. */
    private static List<NodeId> awaitViewOfBoth(ChannelHarness.Node first, ChannelHarness.Node second) {
        List<NodeId> members = List.of(first.id(), second.id()).stream().sorted().toList();
        await().atMost(Duration.ofSeconds(20)).until(() -> first.tracker().current().members().equals(members)
                && second.tracker().current().members().equals(members));
        return members;
    }

    private static void send(ChannelHarness.Node from, org.jgroups.Address to, String text) throws Exception {
        from.channel().send(new BytesMessage(to, from.wire(text.getBytes(StandardCharsets.UTF_8))));
    }
}
