package io.jacos.persistence;

import jakarta.persistence.SharedCacheMode;
import jakarta.persistence.ValidationMode;
import jakarta.persistence.spi.ClassTransformer;
import jakarta.persistence.spi.PersistenceUnitInfo;
import jakarta.persistence.spi.PersistenceUnitTransactionType;

import javax.sql.DataSource;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.List;
import java.util.Properties;

/**
 * The persistence unit, described in code instead of a persistence.xml: a persistence.xml would make each
 * server deploy a unit of its own against its default datasource, while this one is built only by
 * {@link Storage#open}, on the datasource it opened. Resource-local, the three entities listed and nothing
 * scanned, no second-level cache, no bean validation, no weaving: the least two providers can disagree on.
 */
final class StoragePersistenceUnit implements PersistenceUnitInfo {

    static final String NAME = "jacos";
    /** Every managed class, the mapped superclass too: EclipseLink maps only what is listed. */
    static final List<Class<?>> MANAGED = List.of(ServiceScopedRow.class, ServiceRow.class, InstanceClusterRow.class,
            InstanceRow.class, NamespaceRow.class);

    private final String providerClassName;
    private final DataSource dataSource;
    private final ClassLoader classLoader;

    StoragePersistenceUnit(String providerClassName, DataSource dataSource) {
        this.providerClassName = providerClassName;
        this.dataSource = dataSource;
        this.classLoader = StoragePersistenceUnit.class.getClassLoader();
    }

    @Override
    public String getPersistenceUnitName() {
        return NAME;
    }

    @Override
    public String getPersistenceProviderClassName() {
        return providerClassName;
    }

    @Override
    public PersistenceUnitTransactionType getTransactionType() {
        return PersistenceUnitTransactionType.RESOURCE_LOCAL;
    }

    @Override
    public DataSource getJtaDataSource() {
        return null;
    }

    @Override
    public DataSource getNonJtaDataSource() {
        return dataSource;
    }

    @Override
    public List<String> getMappingFileNames() {
        return List.of();
    }

    @Override
    public List<URL> getJarFileUrls() {
        return List.of();
    }

    /**
     * The class-path root the entities and the migrations are packaged in ({@code WEB-INF/classes/}). Nothing is
     * scanned there ({@link #excludeUnlistedClasses()}), but EclipseLink opens it to look for an orm.xml, and
     * fails on what Payara gives as the classes' code source; a root derived from a known resource is a folder
     * (or a {@code jar:}/{@code vfs:} root) on every server.
     */
    @Override
    public URL getPersistenceUnitRootUrl() {
        String marker = SchemaMigration.LOCATION + SchemaMigration.SCRIPTS.get(0);
        URL resource = classLoader.getResource(marker);
        if (resource == null) {
            throw new IllegalStateException(marker + " is not on the class path");
        }
        String url = resource.toExternalForm();
        try {
            return new URL(url.substring(0, url.length() - marker.length()));
        } catch (MalformedURLException e) {
            throw new IllegalStateException("no persistence unit root in " + url, e);
        }
    }

    @Override
    public List<String> getManagedClassNames() {
        return MANAGED.stream().map(Class::getName).toList();
    }

    @Override
    public boolean excludeUnlistedClasses() {
        return true;
    }

    @Override
    public SharedCacheMode getSharedCacheMode() {
        return SharedCacheMode.NONE;
    }

    @Override
    public ValidationMode getValidationMode() {
        return ValidationMode.NONE;
    }

    @Override
    public Properties getProperties() {
        return new Properties();
    }

    @Override
    public String getPersistenceXMLSchemaVersion() {
        return "3.0";
    }

    @Override
    public ClassLoader getClassLoader() {
        return classLoader;
    }

    /** Ignored: the entities are plain classes, and weaving is switched off ({@link JpaProviders#properties}). */
    @Override
    public void addTransformer(ClassTransformer transformer) {
    }

    @Override
    public ClassLoader getNewTempClassLoader() {
        return classLoader;
    }

    /** Jakarta Persistence 3.2 asks this of a unit (WildFly 40 / Hibernate 7 would); no CDI scope here. */
    public String getScopeAnnotationName() {
        return null;
    }

    /** Jakarta Persistence 3.2 asks this of a unit; no CDI qualifiers here. */
    public List<String> getQualifierAnnotationNames() {
        return List.of();
    }
}
