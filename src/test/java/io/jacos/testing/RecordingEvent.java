package io.jacos.testing;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The CDI {@link Event} of beans built by hand: keeps what was fired, in order, for the test to read. An observer
 * runs inside {@code fire}, as a synchronous CDI observer would, so a test can look at the firing bean's state at
 * that moment. The beans under test fire synchronously only; the asynchronous and qualified forms refuse.
 */
public final class RecordingEvent<T> implements Event<T> {

    private final List<T> fired;
    private final Consumer<? super T> observer;

    public RecordingEvent() {
        this(new CopyOnWriteArrayList<>(), event -> { });
    }

    private RecordingEvent(List<T> fired, Consumer<? super T> observer) {
        this.fired = fired;
        this.observer = observer;
    }

    /** An event that appends to a list the test already holds (several beans sharing one record). */
    public static <T> RecordingEvent<T> into(List<T> fired) {
        return new RecordingEvent<>(fired, event -> { });
    }

    /** An event that hands each fired event to {@code observer} before recording it. */
    public static <T> RecordingEvent<T> observedBy(Consumer<? super T> observer) {
        return new RecordingEvent<>(new CopyOnWriteArrayList<>(), observer);
    }

    public List<T> fired() {
        return List.copyOf(fired);
    }

    public void clear() {
        fired.clear();
    }

    @Override
    public void fire(T event) {
        observer.accept(event);
        fired.add(event);
    }

    @Override
    public <U extends T> CompletionStage<U> fireAsync(U event) {
        throw new UnsupportedOperationException("the beans under test fire synchronously");
    }

    @Override
    public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
        throw new UnsupportedOperationException("the beans under test fire synchronously");
    }

    @Override
    public Event<T> select(Annotation... qualifiers) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
        throw new UnsupportedOperationException();
    }
}
