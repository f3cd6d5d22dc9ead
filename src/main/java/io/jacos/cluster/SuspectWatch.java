package io.jacos.cluster;

import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.View;
import org.jgroups.stack.Protocol;

import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A pass-through protocol that remembers which members the failure detectors suspect, for the SUSPICIOUS state
 * of the nodes API. A suspicion ends when it is withdrawn (UNSUSPECT) or when a view without the member is
 * installed. It never stops or alters an event.
 */
public class SuspectWatch extends Protocol {

    private final Set<Address> suspected = ConcurrentHashMap.newKeySet();

    public boolean isSuspected(Address member) {
        return suspected.contains(member);
    }

    @Override
    public Object up(Event event) {
        observe(event);
        return up_prot.up(event);
    }

    @Override
    public Object down(Event event) {
        observe(event);
        return down_prot.down(event);
    }

    private void observe(Event event) {
        switch (event.getType()) {
            case Event.SUSPECT -> addAll(event.getArg());
            case Event.UNSUSPECT -> {
                if (event.getArg() instanceof Address member) {
                    suspected.remove(member);
                }
            }
            case Event.VIEW_CHANGE -> {
                // Excluded members leave the set; one that stays was verified alive and is unsuspected anyway.
                // Not cleared outright: the new view goes down the stack before the application has it.
                if (event.getArg() instanceof View view) {
                    suspected.retainAll(view.getMembers());
                }
            }
            default -> {
            }
        }
    }

    private void addAll(Object argument) {
        if (argument instanceof Address member) {
            suspected.add(member);
        } else if (argument instanceof Collection<?> members) {
            members.stream().filter(Address.class::isInstance).map(Address.class::cast).forEach(suspected::add);
        }
    }
}
