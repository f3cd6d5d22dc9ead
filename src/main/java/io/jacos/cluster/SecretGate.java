package io.jacos.cluster;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.stack.Protocol;
import org.jgroups.util.MessageBatch;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Right above the transport, below discovery: every message leaves with this node's membership tag (derived
 * from {@code jacos.cluster.secret}, empty without one) and every message that arrives without the same tag is
 * dropped. Encryption and AUTH alone kept an outsider out of the view, but not out of discovery and merging,
 * which run below them in the clear: a node with another secret that answered discovery as a coordinator, or
 * led a merge round, kept the nodes that share the secret from ever forming or merging their view. Here such a
 * node is not even seen. The tag travels in the clear and proves nothing (that is SYM_ENCRYPT and AUTH's job);
 * it only tells misconfigured nodes apart. Each outsider is named once in the log, not once per message.
 */
public class SecretGate extends Protocol {

    /** JGroups' ranges for applications' own protocols (from 512) and headers (from 1024). */
    static final short PROTOCOL_ID = 1712;
    static final short HEADER_ID = 1713;
    /** Outsiders remembered at most (a restarted process has a new address); the oldest is forgotten. */
    static final int MAX_REMEMBERED = 256;
    private static final Logger LOG = Logger.getLogger(SecretGate.class.getName());

    static {
        // JGroups' registry is per class loader; a redeployed WAR has a new one, the tests' JVM shares one.
        synchronized (ClassConfigurator.class) {
            if (ClassConfigurator.getProtocolId(SecretGate.class) == 0) {
                ClassConfigurator.addProtocol(PROTOCOL_ID, SecretGate.class);
            }
            ClassConfigurator.addIfAbsent(HEADER_ID, SecretGateHeader.class);
        }
    }

    private final byte[] tag;
    /** One header for every message: it is immutable, and JGroups copies headers by reference anyway. */
    private final SecretGateHeader outgoing;
    private final Set<Address> reported = Collections.newSetFromMap(Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Address, Boolean> eldest) {
                    return size() > MAX_REMEMBERED;
                }
            }));

    /**
     * @param tag this cluster's membership tag; empty for a cluster without a secret
     * @param logicalName this node's name, sent along so that a node refusing it can say who it is
     */
    public SecretGate(byte[] tag, String logicalName) {
        this.tag = tag.clone();
        this.outgoing = new SecretGateHeader(this.tag, logicalName);
    }

    @Override
    public Object down(Message message) {
        message.putHeader(id, outgoing);
        return down_prot.down(message);
    }

    @Override
    public Object up(Message message) {
        return admitted(message) ? up_prot.up(message) : null;
    }

    @Override
    public void up(MessageBatch batch) {
        batch.removeIf(message -> !admitted(message), true);
        if (!batch.isEmpty()) {
            up_prot.up(batch);
        }
    }

    private boolean admitted(Message message) {
        SecretGateHeader header = message.getHeader(id);
        if (header != null && Arrays.equals(header.tag(), tag)) {
            return true;
        }
        Address sender = message.getSrc();
        if (sender != null && reported.add(sender)) {
            String who = header == null || header.name().isEmpty() ? String.valueOf(sender) : header.name();
            LOG.warning(() -> "Refusing cluster messages from " + who + ", not a member: it " + why(header)
                    + ". Its messages are dropped; it cannot join or change anything here.");
        }
        return false;
    }

    private String why(SecretGateHeader header) {
        if (header == null) {
            return "carries no membership tag: it is not a Jacos node of this version";
        }
        if (header.tag().length == 0) {
            return "sends in the clear: it has no jacos.cluster.secret";
        }
        return tag.length == 0 ? "encrypts with a jacos.cluster.secret, and this node has none"
                : "encrypts with another key: its jacos.cluster.secret differs";
    }
}
