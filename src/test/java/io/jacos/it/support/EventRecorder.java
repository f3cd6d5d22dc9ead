package io.jacos.it.support;

import com.alibaba.nacos.api.naming.listener.Event;
import com.alibaba.nacos.api.naming.listener.EventListener;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/** A subscriber's listener that keeps every {@link NamingEvent} it is given, in order, with its arrival time. */
public final class EventRecorder implements EventListener {

    private record Seen(long nanoTime, NamingEvent event) {
    }

    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(Event event) {
        if (event instanceof NamingEvent naming) {
            seen.add(new Seen(System.nanoTime(), naming));
        }
    }

    public List<NamingEvent> events() {
        return seen.stream().map(Seen::event).toList();
    }

    /** The instance list of the latest event; empty before any event. */
    public List<Instance> lastInstances() {
        List<NamingEvent> events = events();
        return events.isEmpty() ? List.of() : events.get(events.size() - 1).getInstances();
    }

    /** {@link NamingClients#endpoints} of the latest event, or null before any event. */
    public List<String> lastEndpoints() {
        List<NamingEvent> events = events();
        return events.isEmpty() ? null : NamingClients.endpoints(events.get(events.size() - 1).getInstances());
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

    /** When ({@link System#nanoTime()}) the first event whose instances match arrived; empty if none has. */
    public OptionalLong arrivalOfFirst(Predicate<List<Instance>> instances) {
        return seen.stream().filter(s -> instances.test(s.event().getInstances()))
                .mapToLong(Seen::nanoTime).findFirst();
    }

    /** The same, counting only events that arrived after {@code afterNanoTime} ({@link System#nanoTime()}). */
    public OptionalLong arrivalOfFirstAfter(long afterNanoTime, Predicate<List<Instance>> instances) {
        return seen.stream().filter(s -> s.nanoTime() - afterNanoTime > 0)
                .filter(s -> instances.test(s.event().getInstances()))
                .mapToLong(Seen::nanoTime).findFirst();
    }

    /** The events that arrived after {@code afterNanoTime} ({@link System#nanoTime()}), in order. */
    public List<NamingEvent> eventsAfter(long afterNanoTime) {
        return seen.stream().filter(s -> s.nanoTime() - afterNanoTime > 0).map(Seen::event).toList();
    }
}
