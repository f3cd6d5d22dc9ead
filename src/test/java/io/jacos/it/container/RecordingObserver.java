package io.jacos.it.container;

import io.jacos.event.ServiceChanged;
import io.jacos.registry.Registry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Test observer: records, for each ServiceChanged, how many instances the registry shows at that moment. */
@ApplicationScoped
public class RecordingObserver {

    public record Seen(ServiceChanged event, int instancesVisible, long revisionVisible) {
    }

    @Inject
    Registry registry;

    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    void onChanged(@Observes ServiceChanged event) {
        var view = registry.reader().view(event.service());
        seen.add(new Seen(event, view.instances().size(), view.revision()));
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }
}
