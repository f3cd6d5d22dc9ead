package io.jacos.application.internal;

import io.jacos.application.ConfigBatch;
import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigWrite;
import io.jacos.model.ConfigKey;
import io.jacos.model.RegistryException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * Looks the ids up in slices, as the catalog reads at most a few hundred at once, and removes through
 * {@link ConfigService} so a batch leaves the same history and notifications as single removals.
 */
@ApplicationScoped
public class DefaultConfigBatch implements ConfigBatch {

    static final int SLICE = 200;

    private final ConfigCatalog catalog;
    private final ConfigService configs;

    /** For the container's proxy. */
    protected DefaultConfigBatch() {
        this(null, null);
    }

    @Inject
    public DefaultConfigBatch(ConfigCatalog catalog, ConfigService configs) {
        this.catalog = catalog;
        this.configs = configs;
    }

    @Override
    public List<ConfigKey> keysOf(List<Long> ids) {
        return DefaultConfigBatch.find(catalog, ids).stream().map(d -> d.entry().key()).toList();
    }

    @Override
    public int removeAll(List<ConfigKey> keys, ConfigWrite.Source source) {
        int removed = 0;
        for (ConfigKey key : keys) {
            if (configs.remove(new ConfigRef(key.namespace(), key.group(), key.dataId()), source)) {
                removed++;
            }
        }
        return removed;
    }

    /** The stored configurations of these ids, each once, in the order given; 400 for more than {@link #MAX_IDS}. */
    static List<ConfigCatalog.Detail> find(ConfigCatalog catalog, List<Long> named) {
        List<Long> ids = named.stream().distinct().toList();
        if (ids.size() > MAX_IDS) {
            throw RegistryException.illegal("ids", "Param 'ids' is illegal: more than " + MAX_IDS + " ids.");
        }
        List<ConfigCatalog.Detail> found = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += SLICE) {
            found.addAll(catalog.details(ids.subList(from, Math.min(ids.size(), from + SLICE))));
        }
        return found;
    }
}
