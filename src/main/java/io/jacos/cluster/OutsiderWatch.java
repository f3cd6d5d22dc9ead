package io.jacos.cluster;

import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.stack.Protocol;
import org.jgroups.util.MessageBatch;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * A pass-through protocol right under SYM_ENCRYPT that names, once per sender, a process outside the view whose
 * messages SYM_ENCRYPT will drop: sent in the clear (no secret) or under another key (another secret). SYM_ENCRYPT
 * itself logs an error for each such message, and their retransmissions repeat every half second for as long as
 * the outsider runs, so its own log is turned down ({@link JGroupsStack}) and this one line stands for them.
 * It never stops or alters a message.
 */
public class OutsiderWatch extends Protocol {

    private static final Logger LOG = Logger.getLogger(OutsiderWatch.class.getName());
    /** Outsiders remembered at most (a restarted process has a new address); the oldest is forgotten. */
    static final int MAX_REMEMBERED = 256;

    private final short encryptId = ClassConfigurator.getProtocolId(SYM_ENCRYPT.class);
    private final SYM_ENCRYPT encrypt;
    private final Set<Address> reported = Collections.newSetFromMap(Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Address, Boolean> eldest) {
                    return size() > MAX_REMEMBERED;
                }
            }));
    private volatile View view;

    public OutsiderWatch(SYM_ENCRYPT encrypt) {
        this.encrypt = encrypt;
    }

    @Override
    public Object down(Event event) {
        if (event.getType() == Event.VIEW_CHANGE) {
            view = event.getArg();
        }
        return down_prot.down(event);
    }

    @Override
    public Object up(Message message) {
        observe(message);
        return up_prot.up(message);
    }

    @Override
    public void up(MessageBatch batch) {
        for (Message message : batch) {
            observe(message);
        }
        up_prot.up(batch);
    }

    private void observe(Message message) {
        Address sender = message.getSrc();
        View current = view;
        if (sender == null || current == null || current.containsMember(sender)) {
            return;
        }
        EncryptHeader header = message.getHeader(encryptId);
        String why;
        if (header == null) {
            why = "sends in the clear: it has no jacos.cluster.secret";
        } else if (!Arrays.equals(header.version(), encrypt.symVersion())) {
            why = "encrypts with another key: its jacos.cluster.secret differs";
        } else {
            return; // the right key: a node joining
        }
        if (reported.add(sender)) {
            LOG.warning(() -> "Refusing cluster messages from " + sender + ", not a member: it " + why
                    + ". Its messages are dropped; it cannot join or change anything here.");
        }
    }
}
