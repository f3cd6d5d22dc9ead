package io.jacos.infrastructure.persistence;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;

/**
 * Opens the naming store while the application deploys, so a database that cannot be reached or migrated
 * fails the deployment with its reason, instead of the first write that needs it. The store closes itself
 * with the application ({@code @PreDestroy} of {@link JpaNamingStore}).
 */
@Startup
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
// No container transaction around the start: the store runs its own resource-local ones, and a JNDI datasource
// must not be enlisted in a JTA transaction while Flyway commits.
@TransactionManagement(TransactionManagementType.BEAN)
public class StorageStartup {

    @Inject
    JpaNamingStore store;

    @PostConstruct
    void open() {
        // Any call makes CDI create the bean, which opens the storage.
        store.readyDatabase();
    }
}
