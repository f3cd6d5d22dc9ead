package io.jacos.application.internal;

import io.jacos.application.NamespaceService;
import io.jacos.application.NamingStore;
import io.jacos.application.validation.NamespaceId;
import io.jacos.application.validation.Required;
import io.jacos.application.validation.InputValidator;
import io.jacos.event.StoredNamespacesChanged;
import io.jacos.settings.NamingSettings;
import io.jacos.model.Namespace;
import io.jacos.model.RegistryException;
import io.jacos.registry.NamespaceCatalog;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

@ApplicationScoped
public class DefaultNamespaceService implements NamespaceService {

    /** What a console may set; Nacos refuses these characters in a namespace name too. */
    record NamespaceInput(@NamespaceId String namespace,
                          @Required @Size(max = 128, message = "at most 128 characters")
                          @Pattern(regexp = "[^@#$%^&*]*", message = "no @ # $ % ^ & *") String namespaceName,
                          @Size(max = 256, message = "at most 256 characters") String namespaceDesc) {
    }

    private final NamespaceCatalog catalog;
    private final RegistryReader reader;
    private final InputValidator validator;
    private final NamingSettings namingSettings;
    private final NamingStore store;
    private final Event<Object> events;

    /** For the container's proxy. */
    protected DefaultNamespaceService() {
        this(null, null, null, null, null, null);
    }

    @Inject
    public DefaultNamespaceService(NamespaceCatalog catalog, RegistryReader reader, InputValidator validator,
                                   NamingSettings namingSettings, NamingStore store, Event<Object> events) {
        this.catalog = catalog;
        this.reader = reader;
        this.validator = validator;
        this.namingSettings = namingSettings;
        this.store = store;
        this.events = events;
    }

    @Override
    public List<NamespaceInfo> list() {
        Map<String, RegistryReader.NamespaceCounts> counts = reader.countsByNamespace();
        return catalog.all().stream().map(ns -> info(ns, counts)).toList();
    }

    @Override
    public NamespaceInfo get(String namespaceId) {
        Namespace namespace = catalog.find(normalized(namespaceId)).orElseThrow(() -> notFound(namespaceId));
        return info(namespace, reader.countsByNamespace());
    }

    /**
     * Stored first, then shown; the console's writes are rare, so one lock keeps the store and the catalog in
     * the same order.
     */
    @Override
    public synchronized String create(String namespaceId, String name, String description) {
        String id = namespaceId == null || namespaceId.isBlank() ? UUID.randomUUID().toString() : namespaceId.trim();
        validator.check(new NamespaceInput(id, name, description));
        Namespace namespace = new Namespace(id, name, description);
        if (catalog.wouldCreate(id, namingSettings.maxNamespaces()) == NamespaceCatalog.Outcome.CREATED) {
            store.saveNamespace(namespace);
        }
        switch (catalog.create(namespace, namingSettings.maxNamespaces())) {
            case EXISTS -> throw new RegistryException(RegistryException.INVALID_PARAM,
                    RegistryException.Reason.NAMESPACE_EXISTS, "Namespace '" + id + "' already exists.");
            case FULL -> throw new RegistryException(RegistryException.OVER_THRESHOLD,
                    "Too many namespaces: the limit is " + namingSettings.maxNamespaces() + ".");
            default -> {
                events.fire(new StoredNamespacesChanged());
                return id;
            }
        }
    }

    @Override
    public synchronized void update(String namespaceId, String name, String description) {
        validator.check(new NamespaceInput(namespaceId, name, description));
        if (Namespace.PUBLIC.equals(normalized(namespaceId))) {
            throw RegistryException.invalid("Namespace 'public' cannot be changed.");
        }
        Namespace namespace = new Namespace(namespaceId, name, description);
        if (!catalog.exists(namespaceId)) {
            throw notFound(namespaceId);
        }
        store.saveNamespace(namespace);
        catalog.update(namespace);
        events.fire(new StoredNamespacesChanged());
    }

    @Override
    public synchronized void delete(String namespaceId) {
        String id = normalized(namespaceId);
        if (Namespace.PUBLIC.equals(id)) {
            throw RegistryException.invalid("Namespace 'public' cannot be deleted.");
        }
        if (!catalog.exists(id)) {
            throw notFound(id);
        }
        if (reader.hasServices(id)) {
            throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.NAMESPACE_NOT_EMPTY,
                    "Namespace '" + id + "' still holds services; remove them first.");
        }
        store.deleteNamespace(id);
        catalog.remove(id);
        events.fire(new StoredNamespacesChanged());
    }

    /** Shows the stored namespaces again, at start; the limit applies to new ones only. */
    void restore(List<Namespace> stored) {
        stored.forEach(namespace -> catalog.create(namespace, Integer.MAX_VALUE));
    }

    /**
     * Makes the catalog show exactly the stored namespaces (a peer changed them): adds, renames and removes.
     * Returns whether anything changed.
     */
    synchronized boolean reconcile(List<Namespace> stored) {
        boolean changed = false;
        Map<String, Namespace> wanted = new HashMap<>();
        stored.forEach(namespace -> wanted.put(namespace.id(), namespace));
        for (Namespace shown : catalog.all()) {
            if (!Namespace.PUBLIC.equals(shown.id()) && !wanted.containsKey(shown.id())) {
                changed |= catalog.remove(shown.id());
            }
        }
        for (Namespace namespace : wanted.values()) {
            Namespace shown = catalog.find(namespace.id()).orElse(null);
            if (shown == null) {
                changed |= catalog.create(namespace, Integer.MAX_VALUE) == NamespaceCatalog.Outcome.CREATED;
            } else if (!shown.equals(namespace) && !Namespace.PUBLIC.equals(namespace.id())) {
                changed |= catalog.update(namespace);
            }
        }
        return changed;
    }

    @Override
    public void requireExists(String namespaceId) {
        String id = normalized(namespaceId);
        if (!catalog.exists(id)) {
            throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.NAMESPACE_NOT_FOUND,
                    "Namespace '" + id + "' does not exist.");
        }
    }

    private static NamespaceInfo info(Namespace namespace, Map<String, RegistryReader.NamespaceCounts> counts) {
        RegistryReader.NamespaceCounts count = counts.getOrDefault(namespace.id(), RegistryReader.NamespaceCounts.NONE);
        return new NamespaceInfo(namespace.id(), namespace.name(), namespace.description(), count.services(),
                count.instances());
    }

    private static String normalized(String namespaceId) {
        return namespaceId == null || namespaceId.isBlank() ? Namespace.PUBLIC : namespaceId.trim();
    }

    private static RegistryException notFound(String namespaceId) {
        return new RegistryException(RegistryException.NOT_FOUND, RegistryException.Reason.NAMESPACE_NOT_FOUND,
                "Namespace '" + namespaceId + "' not found.");
    }
}
