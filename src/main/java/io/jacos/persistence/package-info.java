/**
 * The durable store behind {@link io.jacos.application.NamingStore}: JPA entities for services, clusters and
 * persistent instances, the database they live in (embedded H2 on disk by default, PostgreSQL or a server's
 * JNDI datasource by configuration), the Flyway migrations that create its schema, and the start and stop of
 * all of it with the application. It bootstraps whichever JPA provider the server ships (EclipseLink on
 * Payara, Hibernate on WildFly) through the provider SPI, so one WAR fits both.
 *
 * The auth tables (users, roles, permissions, the token key) live in the same database ({@link
 * io.jacos.persistence.JdbcAuthStore}).
 *
 * <p>An adapter at the edge, beside the transports: it implements {@code application}'s {@code NamingStore} and
 * {@code auth}'s {@code AuthStore}, and reads {@code cluster} membership only to warn that a cluster on the
 * embedded H2 keeps its data per node. Nothing of ours depends on it: the others see only the interfaces they
 * define. Besides Jakarta Persistence, CDI, EJB, MicroProfile Config and Health and its bundled libraries (H2,
 * the PostgreSQL driver, HikariCP, Flyway, Jackson): May depend on {@code model}, {@code application},
 * {@code auth}, {@code cluster}, {@code settings} and {@code infrastructure}.
 */
package io.jacos.persistence;
