package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.BytesMessage;
import org.jgroups.protocols.DISCARD;
import org.jgroups.protocols.TCP;
import org.jgroups.stack.ProtocolStack;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The stack on real loopback sockets: who joins whom, and what a stranger on the port can't do. */
@Timeout(60)
class JGroupsStackComponentTest {

    private final ChannelHarness harness = new ChannelHarness();

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void twoNodesOfOneClusterFormOneViewAndExchangeMessages() throws Exception {
        NodeId a = ChannelHarness.freeNode();
        NodeId b = ChannelHarness.freeNode();
        String name = "test-" + System.nanoTime();
        ChannelHarness.Node first = harness.start(a, List.of(a, b), name);
        ChannelHarness.Node second = harness.start(b, List.of(a, b), name);

        await().atMost(Duration.ofSeconds(15)).until(() -> both(first, second, List.of(a, b)));
        send(first, b, "from a");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.inbox().messages.contains(
                new RecordingInbox.Received(a, "from a")));
    }

    @Test
    void nodesWithDifferentClusterNamesNeverJoin() throws Exception {
        NodeId a = ChannelHarness.freeNode();
        NodeId b = ChannelHarness.freeNode();
        ChannelHarness.Node blue = harness.start(a, List.of(a, b), "blue-" + System.nanoTime());
        ChannelHarness.Node green = harness.start(b, List.of(a, b), "green-" + System.nanoTime());

        // Held for several merge rounds (300-600 ms): discovery and merge offers from the other cluster are dropped.
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() ->
                blue.tracker().current().members().equals(List.of(a))
                        && green.tracker().current().members().equals(List.of(b)));
    }

    @Test
    void garbageOnTheClusterPortIsDroppedAndTheNodeKeepsServing() throws Exception {
        NodeId a = ChannelHarness.freeNode();
        NodeId b = ChannelHarness.freeNode();
        String name = "test-" + System.nanoTime();
        ChannelHarness.Node first = harness.start(a, List.of(a, b), name);
        ChannelHarness.Node second = harness.start(b, List.of(a, b), name);
        await().atMost(Duration.ofSeconds(15)).until(() -> both(first, second, List.of(a, b)));

        byte[] noise = new byte[64 * 1024];
        new Random(7).nextBytes(noise);
        strangerWrites(a, "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        strangerWrites(a, noise);
        // JGroups' own greeting ("bela" and a version) followed by rubbish, the deepest a stranger gets.
        byte[] greeted = new byte[1024];
        new Random(8).nextBytes(greeted);
        System.arraycopy("bela".getBytes(StandardCharsets.US_ASCII), 0, greeted, 0, 4);
        strangerWrites(a, greeted);

        send(second, a, "still here");
        await().atMost(Duration.ofSeconds(10)).until(() -> first.inbox().messages.contains(
                new RecordingInbox.Received(b, "still here")));
        send(first, b, "me too");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.inbox().messages.contains(
                new RecordingInbox.Received(a, "me too")));
        assertEquals(List.of(a, b).stream().sorted().toList(), first.tracker().current().members());
    }

    @Test
    void aNodeCutOffFromThePeersIsExcludedWithinTheSuspectTimeout() throws Exception {
        NodeId a = ChannelHarness.freeNode();
        NodeId b = ChannelHarness.freeNode();
        String name = "test-" + System.nanoTime();
        ChannelHarness.Node first = harness.start(a, List.of(a, b), name);
        ChannelHarness.Node second = harness.start(b, List.of(a, b), name);
        await().atMost(Duration.ofSeconds(15)).until(() -> both(first, second, List.of(a, b)));

        // Everything to and from b is lost, but its process and its FD_SOCK2 socket live on: a frozen peer.
        second.channel().getProtocolStack().insertProtocol(new DISCARD().discardAll(true),
                ProtocolStack.Position.ABOVE, TCP.class);
        long suspectTimeout = ChannelHarness.plan(a, List.of(a, b), name).suspectTimeoutMillis();
        // The tracker installs a view just before it hands the view to the inbox: wait for both.
        await().atMost(Duration.ofMillis(2 * suspectTimeout)).until(() ->
                first.tracker().current().members().equals(List.of(a))
                        && first.inbox().lastView().members().equals(List.of(a)));
    }

    private static void strangerWrites(NodeId target, byte[] bytes) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", target.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(bytes);
            out.flush();
        } catch (java.io.IOException e) {
            // The node may close the connection mid-write: that is the point.
        }
    }

    private static boolean both(ChannelHarness.Node one, ChannelHarness.Node two, List<NodeId> nodes) {
        List<NodeId> members = nodes.stream().sorted().toList();
        return one.tracker().current().members().equals(members) && two.tracker().current().members().equals(members);
    }

    private static void send(ChannelHarness.Node from, NodeId to, String text) throws Exception {
        from.channel().send(new BytesMessage(from.tracker().current().address(to).orElseThrow(),
                text.getBytes(StandardCharsets.UTF_8)));
    }
}
