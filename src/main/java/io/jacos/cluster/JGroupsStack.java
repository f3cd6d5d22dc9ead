package io.jacos.cluster;

import org.jgroups.JChannel;
import org.jgroups.logging.LogFactory;
import org.jgroups.protocols.AUTH;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PerDestinationBundler;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds the JGroups protocol stack from a {@link ClusterPlan}, in code so every setting is a MicroProfile
 * setting and no XML travels with the WAR. Choices that matter:
 * <ul>
 *   <li>TCP with non-blocking sends and a bounded queue per peer: a frozen peer fills its own queue and loses
 *       messages (the replication digest repairs them) instead of blocking sends to everyone else.</li>
 *   <li>A sender thread per peer (a per-destination bundler, not JGroups' default single queue): opening a
 *       connection to a peer whose packets are dropped blocks for the connect timeout, and with one queue it
 *       held back every message to the other peers too, so replication between the healthy nodes lagged by
 *       seconds while one node was cut off.</li>
 *   <li>No flow control (UFC/MFC) for the same reason: credits owed by a frozen peer would throttle the rest.</li>
 *   <li>FD_SOCK2 notices a crashed process at once (its socket closes); FD_ALL3 notices a frozen or cut-off one
 *       after ~0.7 of the suspect timeout; VERIFY_SUSPECT2 double-checks for ~0.2 before GMS excludes it.</li>
 *   <li>FRAG4, since one message can be a full snapshot of many thousand instances (several MB).</li>
 *   <li>{@link SecretGate} right above the transport: a node with another secret, or none, is not even
 *       discovered, so it can neither stall a join nor lead a merge of the nodes that share the secret.</li>
 *   <li>With a cluster secret ({@link ClusterKeys}): SYM_ENCRYPT directly under NAKACK2 (where JGroups places it),
 *       so every message from NAKACK2 up (joins, views, replication) is AES-encrypted and a node without the key
 *       is neither understood nor decrypted; and AUTH directly under GMS, so a join or merge needs the join
 *       proof. Discovery, failure detection and merge offers stay below, in the clear (but gated): they carry
 *       addresses, never registry data.</li>
 * </ul>
 */
public final class JGroupsStack {

    private static final int MAX_JOIN_ATTEMPTS = 10;

    private JGroupsStack() {
    }

    /** A channel named after the node, so every view member's logical name is its {@code host:port}. */
    public static JChannel channel(ClusterPlan plan, SuspectWatch suspects) throws Exception {
        return channel(plan, suspects, Optional.empty());
    }

    /** The same, with encryption and join authentication when the cluster has a secret. */
    public static JChannel channel(ClusterPlan plan, SuspectWatch suspects, Optional<ClusterKeys> keys)
            throws Exception {
        // The WAR bundles slf4j-api without a binding, which JGroups would pick and silence: its warnings
        // (a stranger on the port, another cluster's messages) must reach the server log. The switch is
        // JGroups' own, and JGroups is loaded by this application alone.
        LogFactory.useJdkLogger(true);
        JChannel channel = new JChannel(protocols(plan, suspects, keys));
        channel.setName(plan.self().address());
        channel.setDiscardOwnMessages(false);
        return channel;
    }

    static List<Protocol> protocols(ClusterPlan plan, SuspectWatch suspects, Optional<ClusterKeys> keys)
            throws Exception {
        InetAddress bind = InetAddress.getByName(plan.bindAddress());
        long suspectTimeout = plan.suspectTimeoutMillis();
        long heartbeatTimeout = Math.max(200, suspectTimeout * 7 / 10);
        TCP tcp = new TCP().nonBlockingSends(true).maxSendQueue(plan.maxSendQueue());
        tcp.setBundler(new PerDestinationBundler().useSingleSenderThread(false));
        tcp.setBindAddr(bind);
        tcp.setBindPort(plan.bindPort());
        tcp.setPortRange(0);
        byte[] tag = keys.map(ClusterKeys::membershipTag).orElse(new byte[0]);
        List<Protocol> stack = new ArrayList<>(List.of(
                tcp,
                new SecretGate(tag, plan.self().address()),
                discovery(plan),
                new MERGE3().setMinInterval(plan.mergeMinMillis()).setMaxInterval(plan.mergeMaxMillis()),
                new FD_SOCK2().setBindAddress(bind).setOffset(plan.fdSockOffset()).setPortRange(0),
                new FD_ALL3().setTimeout(heartbeatTimeout).setInterval(Math.max(50, heartbeatTimeout / 4)),
                // Below VERIFY_SUSPECT2 on purpose: it sees every raw suspicion, also those later cleared.
                suspects,
                new VERIFY_SUSPECT2().setTimeout(Math.max(100, suspectTimeout / 5))));
        keys.ifPresent(k -> stack.add(encryption(k)));
        stack.addAll(List.of(new NAKACK2(), new UNICAST3(), new STABLE()));
        keys.ifPresent(k -> stack.add(new AUTH().setAuthToken(new SecretJoinToken(k.joinProof()))));
        // Nodes started together find each other before any is coordinator: all but the first retry until it is.
        // With 3 attempts (two discovery rounds) a first node still booting on a loaded machine became coordinator
        // too late, the others started alone and merged 8-10 s later; JGroups' own default is 10.
        stack.add(new GMS().printLocalAddress(false).setJoinTimeout(plan.joinTimeoutMillis())
                .setMaxJoinAttempts(MAX_JOIN_ATTEMPTS));
        stack.add(new FRAG4());
        return stack;
    }

    /**
     * CBC with a random IV per message: JGroups' default ({@code AES}) would be ECB, which shows repeated blocks.
     * JGroups passes the IV as an IvParameterSpec, which GCM does not take, so CBC is the best mode it offers.
     */
    private static SYM_ENCRYPT encryption(ClusterKeys keys) {
        SYM_ENCRYPT encrypt = new SYM_ENCRYPT();
        encrypt.symAlgorithm("AES/CBC/PKCS5Padding");
        encrypt.symIvLength(16);
        // Its per-message errors about undecryptable messages would repeat with every retransmission (each 0.5 s);
        // SecretGate drops outsiders' messages before they get here and names each outsider once. JGroups' level
        // names cannot say "off" (error and fatal are both SEVERE), so the JDK logger it writes to is turned off.
        java.util.logging.Logger.getLogger(SYM_ENCRYPT.class.getName()).setLevel(java.util.logging.Level.OFF);
        return encrypt.setSecretKey(keys.encryptionKey());
    }

    private static Protocol discovery(ClusterPlan plan) {
        if (plan.discovery() == ClusterPlan.Discovery.DNS) {
            return new DNS_PING().setDNSQuery(plan.dnsQuery().orElseThrow()).dnsRecordType("A");
        }
        List<InetSocketAddress> hosts = plan.configured().stream()
                .map(node -> new InetSocketAddress(node.host(), plan.clusterPort(node)))
                .toList();
        return new TCPPING().setInitialHosts(hosts).setPortRange(0);
    }
}
