package io.jacos.application.internal;

import io.jacos.application.ConfigGrayStore;
import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.application.validation.InputValidator;
import io.jacos.config.ConfigIndex;
import io.jacos.event.StoredConfigChanged;
import io.jacos.model.ConfigGray;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import io.jacos.model.RegistryException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Optional;

/**
 * Gray releases: validate, write the gray store, take the configuration's gray set into the index and tell
 * listeners and peers, as formal changes are told. A read consults the index for the gray version that applies,
 * and reads the store only for the content of the version chosen.
 */
@ApplicationScoped
public class DefaultConfigGrays implements ConfigGrays {

    private final InputValidator validator;
    private final ConfigGrayStore grays;
    private final ConfigStore formal;
    private final ConfigIndex index;
    private final GrayIndexing indexing;
    private final Event<StoredConfigChanged> stored;
    private final Clock clock;

    /** For the container's proxy. */
    protected DefaultConfigGrays() {
        this(null, null, null, null, null, null, null);
    }

    @Inject
    public DefaultConfigGrays(InputValidator validator, ConfigGrayStore grays, ConfigStore formal, ConfigIndex index,
                              GrayIndexing indexing, Event<StoredConfigChanged> stored, Clock clock) {
        this.validator = validator;
        this.grays = grays;
        this.formal = formal;
        this.index = index;
        this.indexing = indexing;
        this.stored = stored;
        this.clock = clock;
    }

    @Override
    public Optional<Served> read(ConfigRef ref, ConfigView view, boolean tagAsked) {
        ConfigKey key = validator.check(ref).key();
        Optional<ConfigIndex.GrayVersion> gray = index.grayFor(key, view);
        if (gray.isPresent()) {
            // Stopped since the index was read: the reader gets what applies now, as if it had come a moment later.
            Optional<ConfigGray> found = grays.find(key, gray.get().rule().name());
            if (found.isPresent()) {
                return Optional.of(new Served(found.get().entry(), found.get().rule()));
            }
        }
        if (tagAsked) {
            return Optional.empty();
        }
        return formal.find(key).map(entry -> new Served(entry, null));
    }

    @Override
    public ConfigGrayStore.Published publish(ConfigPublish publish, GrayRule rule, ConfigWrite.Source source) {
        validator.check(publish);
        ConfigKey key = publish.ref().key();
        ConfigGrayStore.Published published = grays.publish(new ConfigGrayStore.GrayWrite(key, rule,
                publish.content(), publish.type(), publish.encryptedDataKey(), publish.appName(), publish.casMd5(),
                source, clock.millis()), MAX_PER_CONFIG);
        if (published.outcome() == ConfigGrayStore.Outcome.TOO_MANY) {
            throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.GRAY_VERSIONS_FULL,
                    "Configuration " + key.dataId() + " has " + MAX_PER_CONFIG + " gray versions already: gray config"
                    + " version is over max count.");
        }
        if (published.outcome() != ConfigGrayStore.Outcome.CAS_MISMATCH) {
            indexing.changed(key, published.gray().entry().revision());
            stored.fire(new StoredConfigChanged(key));
        }
        return published;
    }

    @Override
    public boolean remove(ConfigRef ref, String grayName, ConfigWrite.Source source) {
        ConfigKey key = validator.check(ref).key();
        Optional<Long> removed = grays.remove(key, grayName, source, clock.millis());
        removed.ifPresent(revision -> {
            indexing.changed(key, revision);
            stored.fire(new StoredConfigChanged(key));
        });
        return removed.isPresent();
    }

    @Override
    public Optional<ConfigGray> find(ConfigRef ref, String grayName) {
        return grays.find(validator.check(ref).key(), grayName);
    }
}
