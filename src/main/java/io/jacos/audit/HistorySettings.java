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

    public HistorySettings() {
    }

    public HistorySettings(int entriesPerService, int maxServices) {
        this.entriesPerService = entriesPerService;
        this.maxServices = maxServices;
    }

    int entriesPerService() {
        return Math.max(1, entriesPerService);
    }

    int maxServices() {
        return Math.max(1, maxServices);
    }
}
