package io.jacos.registry;

import io.jacos.settings.NamingSettings;
import io.jacos.testing.RecordingEvent;
import jakarta.enterprise.event.Event;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A real {@link Registry} outside the container, for tests of the layers above it. */
public final class TestRegistries {

    private TestRegistries() {
    }

    /** A registry on the given clock whose events are appended to {@code fired}; no cluster limit. */
    public static Registry create(Clock clock, List<Object> fired) {
        return create(clock, fired, new NamingSettings());
    }

    /** A registry on the given clock and settings (its limits) whose events are appended to {@code fired}. */
    public static Registry create(Clock clock, List<Object> fired, NamingSettings settings) {
        Registry registry = new Registry();
        registry.events = RecordingEvent.into(fired);
        registry.clock = clock;
        registry.namingSettings = settings;
        registry.createIndexes();
        return registry;
    }

    /** An {@code Event<Object>} that appends what is fired to {@code fired}, for beans wired by hand. */
    public static Event<Object> events(List<Object> fired) {
        return RecordingEvent.into(fired);
    }

    public static List<Object> eventList() {
        return new CopyOnWriteArrayList<>();
    }
}
