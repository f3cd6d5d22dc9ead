package io.jacos.infrastructure.persistence;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

/**
 * Opens the naming store while the application deploys, so a database that cannot be reached or migrated
 * fails the deployment with its reason, instead of the first write that needs it. The store closes itself
 * with the application ({@code @PreDestroy} of {@link JpaNamingStore}).
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class StorageStartup {

    @Inject
    JpaNamingStore store;

    @PostConstruct
    void open() {
        // Any call makes CDI create the bean, which opens the storage.
        store.readyDatabase();
    }
}
