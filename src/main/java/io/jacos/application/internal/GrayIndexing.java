package io.jacos.application.internal;

import io.jacos.application.ConfigGrayStore;
import io.jacos.config.ConfigIndex;
import io.jacos.event.ConfigChanged;
import io.jacos.model.ConfigKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Takes configurations' gray versions from the store into the index, and fires {@link ConfigChanged} when a view
 * of one changed, so the listeners are compared again. A gray change is taken by reading the configuration's
 * whole gray set after the change committed, never by applying the change alone.
 */
@ApplicationScoped
public class GrayIndexing {

    private final ConfigGrayStore store;
    private final ConfigIndex index;
    private final Event<ConfigChanged> changed;

    /** For the container's proxy. */
    protected GrayIndexing() {
        this(null, null, null);
    }

    @Inject
    public GrayIndexing(ConfigGrayStore store, ConfigIndex index, Event<ConfigChanged> changed) {
        this.store = store;
        this.index = index;
        this.changed = changed;
    }

    /** The gray change of {@code revision} to {@code key} committed: reads the key's gray versions, unless taken. */
    public void changed(ConfigKey key, long revision) {
        if (index.graysCover(key, revision)) {
            return;
        }
        List<ConfigIndex.GrayVersion> now = store.digestsOf(key).stream()
                .map(digest -> new ConfigIndex.GrayVersion(digest.rule(), digest.md5())).toList();
        if (index.applyGrays(key, now, revision)) {
            changed.fire(new ConfigChanged(key, index.md5(key), revision, true));
        }
    }

    /** Every gray version, at start; {@code revision} is the newest change before the read. */
    public void loadAll(long revision) {
        store.digests().stream().collect(Collectors.groupingBy(ConfigGrayStore.GrayDigest::key)).forEach(
                (key, digests) -> index.applyGrays(key, digests.stream()
                        .map(digest -> new ConfigIndex.GrayVersion(digest.rule(), digest.md5())).toList(), revision));
    }
}
