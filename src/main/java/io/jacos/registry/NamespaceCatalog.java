package io.jacos.registry;

import io.jacos.model.Namespace;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The namespaces that exist: {@code public}, always, and those created through the console API, which the
 * application stores before it adds them here and loads again at start. Bounded by the caller's limit.
 */
@ApplicationScoped
public class NamespaceCatalog {

    private static final Namespace PUBLIC = new Namespace(Namespace.PUBLIC, Namespace.PUBLIC, "Public Namespace");

    private final ConcurrentMap<String, Namespace> created = new ConcurrentHashMap<>();

    public boolean exists(String id) {
        return Namespace.PUBLIC.equals(id) || created.containsKey(id);
    }

    public Optional<Namespace> find(String id) {
        return Namespace.PUBLIC.equals(id) ? Optional.of(PUBLIC) : Optional.ofNullable(created.get(id));
    }

    /** {@code public} first, then the created ones by id. */
    public List<Namespace> all() {
        List<Namespace> result = new ArrayList<>();
        result.add(PUBLIC);
        created.values().stream().sorted(Comparator.comparing(Namespace::id)).forEach(result::add);
        return result;
    }

    /** Adds the namespace unless its id exists or {@code max} namespaces were created; says which happened. */
    public synchronized Outcome create(Namespace namespace, int max) {
        Outcome outcome = wouldCreate(namespace.id(), max);
        if (outcome == Outcome.CREATED) {
            created.put(namespace.id(), namespace);
        }
        return outcome;
    }

    /** What {@link #create} would answer now, changing nothing. */
    public synchronized Outcome wouldCreate(String id, int max) {
        if (exists(id)) {
            return Outcome.EXISTS;
        }
        return created.size() >= max ? Outcome.FULL : Outcome.CREATED;
    }

    public boolean update(Namespace namespace) {
        return created.replace(namespace.id(), namespace) != null;
    }

    public boolean remove(String id) {
        return created.remove(id) != null;
    }

    public enum Outcome { CREATED, EXISTS, FULL }
}
