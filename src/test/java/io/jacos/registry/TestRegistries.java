package io.jacos.registry;

import io.jacos.settings.NamingSettings;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;

import java.lang.annotation.Annotation;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletionStage;
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
        registry.events = new ListEvents(fired);
        registry.clock = clock;
        registry.namingSettings = settings;
        registry.createIndexes();
        return registry;
    }

    /** An {@code Event<Object>} that appends what is fired to {@code fired}, for beans wired by hand. */
    public static Event<Object> events(List<Object> fired) {
        return new ListEvents(fired);
    }

    public static List<Object> eventList() {
        return new CopyOnWriteArrayList<>();
    }

    private record ListEvents(List<Object> fired) implements Event<Object> {

        @Override
        public void fire(Object event) {
            fired.add(event);
        }

        @Override
        public <U> CompletionStage<U> fireAsync(U event) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Event<Object> select(Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }
    }
}
