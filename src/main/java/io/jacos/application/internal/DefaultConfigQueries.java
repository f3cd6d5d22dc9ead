package io.jacos.application.internal;

import io.jacos.application.ChunkedRows;
import io.jacos.application.ConfigCatalog;
import io.jacos.application.ConfigQueries;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigSearch;
import io.jacos.application.validation.InputValidator;
import io.jacos.model.ConfigKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;

/** Validates each question, then asks the catalog; answers about another configuration than the one named are dropped. */
@ApplicationScoped
public class DefaultConfigQueries implements ConfigQueries {

    static final int MAX_KEYS = 10_000;
    /** How much content one read of a search page's rows brings into memory at most (a larger row alone). */
    static final long CHUNK_BYTES = 4L << 20;

    private final InputValidator validator;
    private final ConfigCatalog catalog;

    /** For the container's proxy. */
    protected DefaultConfigQueries() {
        this(null, null);
    }

    @Inject
    public DefaultConfigQueries(InputValidator validator, ConfigCatalog catalog) {
        this.validator = validator;
        this.catalog = catalog;
    }

    @Override
    public Optional<ConfigCatalog.Detail> detail(ConfigRef ref) {
        return catalog.detail(keyOf(ref));
    }

    @Override
    public Listing<ConfigCatalog.Detail> search(ConfigSearch search, int pageNo, int pageSize) {
        validator.check(search);
        ConfigCatalog.Page<ConfigCatalog.Sized> page = catalog.searchSized(new ConfigCatalog.Search(
                ConfigKey.namespaceOf(search.tenant()), trimmed(search.dataId()), trimmed(search.group()),
                trimmed(search.appName()), trimmed(search.tags()), search.blur()), Math.max(1, pageNo),
                bounded(pageSize));
        return new Listing<>(page.total(), new ChunkedRows<>(page.items(), CHUNK_BYTES, catalog::details));
    }

    @Override
    public Listing<ConfigCatalog.Change> history(ConfigRef ref, int pageNo, int pageSize) {
        ConfigCatalog.Page<ConfigCatalog.Change> page = catalog.history(keyOf(ref), Math.max(1, pageNo),
                bounded(pageSize));
        return new Listing<>(page.total(), page.items());
    }

    @Override
    public Optional<ConfigCatalog.Change> change(ConfigRef ref, long nid) {
        ConfigKey key = keyOf(ref);
        return catalog.change(nid).filter(change -> change.key().equals(key));
    }

    @Override
    public Optional<ConfigCatalog.Change> previous(ConfigRef ref, long configId) {
        ConfigKey key = keyOf(ref);
        return catalog.lastChangeOf(configId).filter(change -> change.key().equals(key));
    }

    @Override
    public List<ConfigKey> keysIn(String tenant) {
        validator.check(new ConfigSearch(tenant, null, null, null, null, false));
        return catalog.keysIn(ConfigKey.namespaceOf(tenant), MAX_KEYS);
    }

    private ConfigKey keyOf(ConfigRef ref) {
        return validator.check(ref).key();
    }

    private static int bounded(int pageSize) {
        return Math.max(1, Math.min(pageSize, MAX_PAGE_SIZE));
    }

    private static String trimmed(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }
}
