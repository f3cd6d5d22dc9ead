package io.jacos.persistence;

import io.jacos.application.NamingStore;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityTransaction;

import java.util.List;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@link NamingStore} through JPA: one short resource-local transaction per write, committed before the method
 * returns, rolled back and reported as a {@link RegistryException} (500) when the database refuses it.
 * Thread-safe: each call uses an entity manager of its own; the factory is shared.
 *
 * <p>The store opens with the bean (the first caller, or {@link StorageStartup} at deployment) and closes with
 * the application.
 */
@ApplicationScoped
public class JpaNamingStore implements NamingStore {

    private static final Logger LOG = Logger.getLogger(JpaNamingStore.class.getName());

    @Inject
    StorageSettings settings;
    @Resource
    ManagedThreadFactory threads;

    private Storage storage;

    /** For CDI. */
    public JpaNamingStore() {
    }

    /** A store over storage opened by the caller, who closes it (tests). */
    JpaNamingStore(Storage storage) {
        this.storage = storage;
    }

    @PostConstruct
    void open() {
        storage = Storage.open(settings.read(), threads);
    }

    @PreDestroy
    void close() {
        if (storage != null) {
            storage.close();
            storage = null;
        }
    }

    /** The open store's connections, for the auth tables in the same database ({@link JdbcAuthStore}). */
    javax.sql.DataSource dataSource() {
        Storage current = storage;
        if (current == null) {
            throw new IllegalStateException("naming store is closed");
        }
        return current.dataSource();
    }

    /** The database in use when open and reachable, for the readiness check; null otherwise. */
    public String readyDatabase() {
        Storage current = storage;
        return current != null && current.reachable() ? current.product() : null;
    }

    @Override
    public StoredNaming load() {
        return read("load", StoredNamingReader::read);
    }

    @Override
    public StoredService loadService(ServiceKey service) {
        return read("load service " + service, em -> StoredNamingReader.readService(em, service));
    }

    @Override
    public List<Namespace> loadNamespaces() {
        return read("load namespaces", StoredNamingReader::readNamespaces);
    }

    @Override
    public void saveNamespace(Namespace namespace) {
        write("save namespace " + namespace.id(), em -> em.merge(NamingRows.namespaceRow(namespace)));
    }

    @Override
    public void deleteNamespace(String namespaceId) {
        write("delete namespace " + namespaceId, em -> {
            NamespaceRow row = em.find(NamespaceRow.class, namespaceId);
            if (row != null) {
                em.remove(row);
            }
            // In the same transaction: a namespace created later with this id must not inherit grants made here.
            em.createNativeQuery("DELETE FROM auth_permission WHERE namespace_id = ?1").setParameter(1, namespaceId)
                    .executeUpdate();
            em.createNativeQuery("DELETE FROM auth_resource_permission WHERE namespace_id = ?1")
                    .setParameter(1, namespaceId).executeUpdate();
            return null;
        });
    }

    @Override
    public void saveService(ServiceKey service, ServiceMeta meta) {
        write("save service " + service, em -> em.merge(NamingRows.serviceRow(service, meta)));
    }

    @Override
    public void deleteService(ServiceKey service) {
        write("delete service " + service, em -> {
            ServiceKeyColumns key = NamingRows.key(service);
            em.createQuery("DELETE FROM InstanceClusterRow c WHERE c.namespace = :namespace AND c.groupName = :groupName "
                            + "AND c.serviceName = :serviceName")
                    .setParameter("namespace", key.namespace).setParameter("groupName", key.groupName)
                    .setParameter("serviceName", key.serviceName).executeUpdate();
            ServiceRow row = em.find(ServiceRow.class, key);
            if (row != null) {
                em.remove(row);
            }
            return null;
        });
    }

    @Override
    public void saveCluster(ServiceKey service, InstanceClusterSettings cluster) {
        write("save cluster " + cluster.name() + " of " + service,
                em -> em.merge(NamingRows.clusterRow(service, cluster)));
    }

    @Override
    public void saveInstance(ServiceKey service, Instance instance) {
        write("save instance " + instance.address() + " of " + service,
                em -> em.merge(NamingRows.instanceRow(service, instance)));
    }

    @Override
    public boolean deleteInstance(ServiceKey service, String ip, int port) {
        return write("delete instance " + ip + ":" + port + " of " + service, em -> {
            InstanceRow row = em.find(InstanceRow.class, new InstanceRow.Key(NamingRows.key(service), ip, port));
            if (row == null) {
                return false;
            }
            em.remove(row);
            return true;
        });
    }

    private <T> T write(String what, Function<EntityManager, T> work) {
        EntityManager em = entityManager(what);
        EntityTransaction tx = em.getTransaction();
        try {
            tx.begin();
            T result = work.apply(em);
            tx.commit();
            return result;
        } catch (RuntimeException e) {
            rollbackQuietly(tx);
            throw refused(what, e);
        } finally {
            em.close();
        }
    }

    private <T> T read(String what, Function<EntityManager, T> work) {
        EntityManager em = entityManager(what);
        try {
            return work.apply(em);
        } catch (RuntimeException e) {
            throw refused(what, e);
        } finally {
            em.close();
        }
    }

    private EntityManager entityManager(String what) {
        Storage current = storage;
        if (current == null) {
            throw new RegistryException(RegistryException.SERVER_ERROR, "naming store is closed; cannot " + what);
        }
        try {
            return current.entityManagers().createEntityManager();
        } catch (RuntimeException e) {
            throw refused(what, e);
        }
    }

    private static void rollbackQuietly(EntityTransaction tx) {
        try {
            if (tx.isActive()) {
                tx.rollback();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "rollback failed after a failed write", e);
        }
    }

    private static RegistryException refused(String what, RuntimeException e) {
        LOG.log(Level.WARNING, "Naming store could not " + what, e);
        return new RegistryException(RegistryException.SERVER_ERROR,
                "naming store could not " + what + ": " + Storage.rootMessage(e));
    }
}
