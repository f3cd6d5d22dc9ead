package io.jacos.persistence;

import jakarta.persistence.spi.PersistenceProvider;
import jakarta.persistence.spi.PersistenceProviderResolverHolder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the JPA provider the server offers and the properties both known providers need. The server's
 * resolver is asked first; the known provider classes are tried by name after it, because a server need not
 * expose its provider's service file to an application that has no persistence.xml.
 */
final class JpaProviders {

    static final String ECLIPSELINK = "org.eclipse.persistence.jpa.PersistenceProvider";
    static final String HIBERNATE = "org.hibernate.jpa.HibernatePersistenceProvider";
    private static final List<String> KNOWN = List.of(ECLIPSELINK, HIBERNATE);

    private JpaProviders() {
    }

    /** The provider of that class name, or when {@code wanted} is empty the first one found. */
    static PersistenceProvider find(Optional<String> wanted) {
        List<PersistenceProvider> found = new ArrayList<>(resolved());
        for (String name : KNOWN) {
            if (found.stream().noneMatch(p -> p.getClass().getName().equals(name))) {
                load(name).ifPresent(found::add);
            }
        }
        return found.stream()
                .filter(p -> wanted.map(name -> p.getClass().getName().equals(name)).orElse(true))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no JPA provider " + wanted.orElse("")
                        + " is available; found " + found.stream().map(p -> p.getClass().getName()).toList()));
    }

    /**
     * Off: EclipseLink's weaving (it needs an agent or a class transformer the unit does not offer), its
     * DDL and its own logging noise; Hibernate's schema tooling. Flyway owns the schema.
     */
    static Map<String, Object> properties() {
        return Map.of(
                "eclipselink.weaving", "false",
                "eclipselink.ddl-generation", "none",
                "eclipselink.logging.level", "WARNING",
                "eclipselink.cache.shared.default", "false",
                "hibernate.hbm2ddl.auto", "none",
                "hibernate.archive.autodetection", "none",
                "jakarta.persistence.schema-generation.database.action", "none");
    }

    private static List<PersistenceProvider> resolved() {
        try {
            return PersistenceProviderResolverHolder.getPersistenceProviderResolver().getPersistenceProviders();
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            return List.of();
        }
    }

    private static Optional<PersistenceProvider> load(String className) {
        for (ClassLoader loader : new ClassLoader[]{Thread.currentThread().getContextClassLoader(),
                JpaProviders.class.getClassLoader()}) {
            try {
                return Optional.of((PersistenceProvider) Class.forName(className, true, loader)
                        .getDeclaredConstructor().newInstance());
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                // not visible through this loader; try the next
            }
        }
        return Optional.empty();
    }
}
