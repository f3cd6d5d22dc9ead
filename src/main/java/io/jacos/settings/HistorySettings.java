package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** Bounds of the change history the console shows per service. */
@ApplicationScoped
public class HistorySettings {

    public static final Setting ENTRIES_PER_SERVICE = new Setting("jacos.history.entries-per-service", "200");
    public static final Setting MAX_SERVICES = new Setting("jacos.history.max-services", "10000");
    public static final Setting MAX_ENTRIES = new Setting("jacos.history.max-entries", "100000");

    static final List<Setting> SETTINGS = List.of(ENTRIES_PER_SERVICE, MAX_SERVICES, MAX_ENTRIES);

    private int entriesPerService;
    private int maxServices;
    private int maxEntries;

    /** Nothing read: for the container's proxy; every bound is then its least. */
    public HistorySettings() {
    }

    @Inject
    public HistorySettings(Config config) {
        this(ENTRIES_PER_SERVICE.intValue(config), MAX_SERVICES.intValue(config), MAX_ENTRIES.intValue(config));
    }

    public HistorySettings(int entriesPerService, int maxServices, int maxEntries) {
        this.entriesPerService = entriesPerService;
        this.maxServices = maxServices;
        this.maxEntries = maxEntries;
    }

    public int entriesPerService() {
        return Math.max(1, entriesPerService);
    }

    /** Beyond this many services, the histories changed longest ago are dropped first. */
    public int maxServices() {
        return Math.max(1, maxServices);
    }

    /**
     * Beyond this many entries of all services together, likewise; at least two full service histories: the bound
     * drops the oldest histories until a tenth is free, which then never takes the service that just changed.
     */
    public int maxEntries() {
        return Math.max(2 * entriesPerService(), maxEntries);
    }
}
