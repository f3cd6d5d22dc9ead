package io.jacos.it.container;

import io.jacos.push.PushChannel;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import jakarta.enterprise.context.ApplicationScoped;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Supplier;

/**
 * Test push channel for clients whose id starts with {@code wiring-}: records each push, the thread it ran
 * on, and whether that thread carries the container's naming context (true only on managed threads).
 */
@ApplicationScoped
public class RecordingPushChannel implements PushChannel {

    public record Pushed(ClientId subscriber, ServiceView view, String thread, boolean containerContext) {
    }

    private final BlockingQueue<Pushed> pushed = new LinkedBlockingQueue<>();

    @Override
    public Optional<CompletionStage<Long>> push(ClientId subscriber, Subscription subscription,
                                                Supplier<ServiceView> currentView) {
        if (!subscriber.value().startsWith("wiring-")) {
            return Optional.empty();
        }
        ServiceView view = currentView.get();
        pushed.add(new Pushed(subscriber, view, Thread.currentThread().getName(), hasContainerContext()));
        return Optional.of(CompletableFuture.completedFuture(view.revision()));
    }

    public BlockingQueue<Pushed> pushed() {
        return pushed;
    }

    private static boolean hasContainerContext() {
        try {
            return new InitialContext().lookup("java:comp/DefaultManagedScheduledExecutorService") != null;
        } catch (NamingException e) {
            return false;
        }
    }
}
