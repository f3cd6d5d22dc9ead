package io.jacos.it.support;

import com.alibaba.nacos.api.naming.listener.Event;
import com.alibaba.nacos.api.naming.listener.EventListener;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A subscriber's listener that keeps every {@link NamingEvent} it is given, in order. */
public final class EventRecorder implements EventListener {

    private final List<NamingEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(Event event) {
        if (event instanceof NamingEvent naming) {
            events.add(naming);
        }
    }

    public List<NamingEvent> events() {
        return List.copyOf(events);
    }

    /** The instance list of the latest event; empty before any event. */
    public List<Instance> lastInstances() {
        List<NamingEvent> seen = events();
        return seen.isEmpty() ? List.of() : seen.get(seen.size() - 1).getInstances();
    }

    /** {@link NamingClients#endpoints} of the latest event, or null before any event. */
    public List<String> lastEndpoints() {
        List<NamingEvent> seen = events();
        return seen.isEmpty() ? null : NamingClients.endpoints(seen.get(seen.size() - 1).getInstances());
    }

    /** The endpoint lists of all events in order, with consecutive repeats collapsed. */
    public List<List<String>> endpointHistory() {
        List<List<String>> history = new ArrayList<>();
        for (NamingEvent event : events()) {
            List<String> state = NamingClients.endpoints(event.getInstances());
            if (history.isEmpty() || !history.get(history.size() - 1).equals(state)) {
                history.add(state);
            }
        }
        return history;
    }
}
