/**
 * The durable store behind {@link io.jacos.application.NamingStore}: JPA entities for services, clusters and
 * persistent instances, the database they live in (embedded H2 on disk by default, PostgreSQL or a server's
 * JNDI datasource by configuration), the Flyway migrations that create its schema, and the start and stop of
 * all of it with the application. It bootstraps whichever JPA provider the server ships (EclipseLink on
 * Payara, Hibernate on WildFly) through the provider SPI, so one WAR fits both.
 *
 * The auth tables (users, roles, permissions, the token key) live in the same database ({@link
 * io.jacos.infrastructure.persistence.JdbcAuthStore}).
 *
 * <p>May use: {@code io.jacos.model}, {@code io.jacos.application} (the interface it implements),
 * {@code io.jacos.auth} (the {@code AuthStore} interface it implements), Jakarta
 * Persistence, CDI, EJB and MicroProfile Config/Health, and its bundled libraries (H2, the PostgreSQL driver,
 * HikariCP, Flyway, Jackson), and {@code io.jacos.cluster.ClusterMembers} only to warn that a cluster on the
 * embedded H2 keeps its data per node. Nothing else in the application depends on this package but through
 * {@code NamingStore}.
 */
package io.jacos.infrastructure.persistence;
