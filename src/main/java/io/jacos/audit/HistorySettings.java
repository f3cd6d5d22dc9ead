package io.jacos.audit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Bounds of the change history; only this package reads them. */
@ApplicationScoped
public class HistorySettings {

    @Inject @ConfigProperty(name = "jacos.history.entries-per-service", defaultValue = "200")
    int entriesPerService;
    /** Beyond this many services, the histories changed longest ago are dropped first. */
    @Inject @ConfigProperty(name = "jacos.history.max-services", defaultValue = "10000")
    int maxServices;
    /** Beyond this many entries of all services together, likewise. */
    @Inject @ConfigProperty(name = "jacos.history.max-entries", defaultValue = "100000")
    int maxEntries;

    public HistorySettings() {
    }

    public HistorySettings(int entriesPerService, int maxServices, int maxEntries) {
        this.entriesPerService = entriesPerService;
        this.maxServices = maxServices;
        this.maxEntries = maxEntries;
    }

    int entriesPerService() {
        return Math.max(1, entriesPerService);
    }

    int maxServices() {
        return Math.max(1, maxServices);
    }

    /**
     * At least two full service histories: the bound drops the oldest histories until a tenth is free, which then
     * never takes the service that just changed.
     */
    int maxEntries() {
        return Math.max(2 * entriesPerService(), maxEntries);
    }
}
