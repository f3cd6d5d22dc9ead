package io.jacos.application.internal;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.application.validation.InputValidator;
import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.event.ConfigChanged;
import io.jacos.event.StoredConfigChanged;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.RegistryException;
import io.jacos.settings.ConfigSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The configuration use cases: validate, write the database, take the committed state into the index, and fire
 * {@link ConfigChanged} when the md5 listeners compare changed, and {@link StoredConfigChanged} for peers on the
 * same database. Nothing is indexed or told before the database has the change, so a listener is never told of
 * content a reader could not yet get.
 */
@ApplicationScoped
public class DefaultConfigService implements ConfigService {

    static final int CATCH_UP_WINDOW = 100;
    static final int CATCH_UP_BATCH = 1_000;

    private final AtomicLong seen = new AtomicLong();
    private final InputValidator validator;
    private final ConfigStore store;
    private final ConfigIndex index;
    private final ConfigListeners listeners;
    private final Event<ConfigChanged> changed;
    private final Event<StoredConfigChanged> stored;
    private final ConfigSettings settings;
    private final Clock clock;
    private final GrayIndexing grays;

    /** For the container's proxy. */
    protected DefaultConfigService() {
        this(null, null, null, null, null, null, null, null, null);
    }

    @Inject
    public DefaultConfigService(InputValidator validator, ConfigStore store, ConfigIndex index,
                                ConfigListeners listeners, Event<ConfigChanged> changed,
                                Event<StoredConfigChanged> stored, ConfigSettings settings, Clock clock,
                                GrayIndexing grays) {
        this.grays = grays;
        this.validator = validator;
        this.store = store;
        this.index = index;
        this.listeners = listeners;
        this.changed = changed;
        this.stored = stored;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public Optional<ConfigEntry> get(ConfigRef ref) {
        return store.find(keyOf(ref));
    }

    @Override
    public ConfigStore.Published publish(ConfigPublish publish, ConfigWrite.Source source) {
        validator.check(publish);
        ConfigKey key = keyOf(publish.ref());
        ConfigStore.Published published = store.publish(new ConfigWrite(key, publish.content(), publish.type(),
                publish.encryptedDataKey(), publish.appName(), publish.description(), publish.tags(),
                publish.casMd5(), source, clock.millis()), settings.maxPerNamespace());
        if (published.outcome() == ConfigStore.Outcome.NAMESPACE_FULL) {
            throw new RegistryException(RegistryException.OVER_THRESHOLD, "Namespace " + key.namespace()
                    + " holds " + settings.maxPerNamespace() + " configurations already ("
                    + ConfigSettings.MAX_PER_NAMESPACE.name() + ").");
        }
        if (published.outcome() != ConfigStore.Outcome.CAS_MISMATCH) {
            committed(key, published.entry().md5(), published.entry().revision());
            stored.fire(new StoredConfigChanged(key));
        }
        return published;
    }

    @Override
    public boolean remove(ConfigRef ref, ConfigWrite.Source source) {
        ConfigKey key = keyOf(ref);
        Optional<ConfigStore.Removed> removed = store.remove(key, source, clock.millis());
        removed.ifPresent(r -> {
            committed(key, ConfigEntry.NO_MD5, r.revision());
            stored.fire(new StoredConfigChanged(key));
        });
        return removed.isPresent();
    }

    @Override
    public String md5(ConfigKey key) {
        return index.md5(key);
    }

    @Override
    public String md5(ConfigKey key, ConfigView view) {
        return index.md5(key, view);
    }

    @Override
    public ConfigKey keyOf(ConfigRef ref) {
        return validator.check(ref).key();
    }

    @Override
    public List<String> listeningConnections(ConfigRef ref) {
        return listeners.listenersOf(keyOf(ref)).keySet().stream().sorted().toList();
    }

    @Override
    public List<Listened> listenedBy(String connection) {
        List<Listened> found = new ArrayList<>();
        listeners.listenedBy(connection).forEach((key, listening) -> found.add(new Listened(new ConfigRef(
                listening.tenant(), key.group(), key.dataId()), listening.md5())));
        return found;
    }

    @Override
    public List<Listened> listen(String connection, ConfigView view, List<Listened> listened) {
        Map<ConfigKey, ConfigListeners.Listening> taken = new LinkedHashMap<>();
        List<ConfigKey> keys = new ArrayList<>();
        for (Listened one : listened) {
            ConfigKey key = keyOf(one.ref());
            keys.add(key);
            taken.put(key, new ConfigListeners.Listening(one.ref().tenant(), held(one)));
        }
        if (!listeners.listen(connection, view, taken)) {
            throw new RegistryException(RegistryException.OVER_THRESHOLD, "Listening to more than "
                    + ConfigListeners.MAX_PER_CONNECTION + " configurations on one connection.");
        }
        List<Listened> changed = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String now = index.md5(keys.get(i), view);
            if (!held(listened.get(i)).equals(now)) {
                changed.add(listened.get(i));
                // Answered as changed, the client reads the version its view is served now.
                listeners.told(connection, keys.get(i), now);
            }
        }
        return changed;
    }

    private static String held(Listened listened) {
        return listened.md5() == null ? ConfigEntry.NO_MD5 : listened.md5();
    }

    @Override
    public void unlisten(String connection, List<ConfigRef> refs) {
        refs.stream().map(this::keyOf).toList().forEach(key -> listeners.unlisten(connection, key));
    }

    @Override
    public void loadIndex() {
        // The newest revision first: a change committed during the load is then read again by the catch-up.
        long last = store.lastRevision();
        seen.accumulateAndGet(last, Math::max);
        store.digests().forEach(digest -> index.apply(digest.key(), digest.md5(), digest.revision()));
        grays.loadAll(last);
        catchUp();
    }

    @Override
    public int reloadFromStore() {
        long last = store.lastRevision();
        seen.accumulateAndGet(last, Math::max);
        int changedNow = 0;
        for (ConfigStore.Digest digest : store.digests()) {
            if (index.reconcile(digest.key(), digest.md5(), digest.revision())) {
                changed.fire(new ConfigChanged(digest.key(), digest.md5(), digest.revision()));
                changedNow++;
            }
        }
        grays.loadAll(last);
        catchUp();
        return changedNow;
    }

    @Override
    public void catchUp() {
        // Re-read a window behind the last change seen: a change may commit after a later-numbered one did.
        long after = Math.max(0, seen.get() - CATCH_UP_WINDOW);
        List<ConfigStore.Digest> changes;
        do {
            changes = store.changesAfter(after, CATCH_UP_BATCH);
            for (ConfigStore.Digest change : changes) {
                if (change.gray()) {
                    grays.changed(change.key(), change.revision());
                } else {
                    committed(change.key(), change.md5(), change.revision());
                }
                after = change.revision();
            }
            seen.accumulateAndGet(after, Math::max);
        } while (changes.size() == CATCH_UP_BATCH);
    }

    private void committed(ConfigKey key, String md5, long revision) {
        if (index.apply(key, md5, revision)) {
            changed.fire(new ConfigChanged(key, md5, revision));
        }
    }
}
