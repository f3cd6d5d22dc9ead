package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.application.NamingStore;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.ServiceRef;
import io.jacos.application.internal.StoredWrites.Write;
import io.jacos.event.StoredServiceChanged;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.HealthCheck;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.cluster.ClusterMembers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Persistent instances: each is published by the client {@code ip:port#false}, which nothing expires. A write
 * goes through {@link StoredWrites}: to the {@link NamingStore}, then to the indexes; when the indexes refuse it
 * (the service turned ephemeral meanwhile) the stored row is put back as it was.
 * <p>
 * The health of a checked instance is the server's: registering it again, or editing it, keeps its current
 * mark. Only where the cluster's check is {@code NONE} does the caller's {@code healthy} count.
 * <p>
 * Each committed write fires {@link StoredServiceChanged}, so peers sharing the store show it too. In cluster
 * mode each instance is checked by one node, the one {@link ClusterMembers} makes responsible for its address.
 */
@ApplicationScoped
public class DefaultPersistentInstanceService implements PersistentInstanceService {

    /** A client removed (its last instance deregistered in another service) between connect and publish. */
    private static final int ATTEMPTS = 3;
    /** Shown again from the shared store: written there by a peer, or before this node started. */
    static final ChangeOrigin FROM_STORE = new ChangeOrigin(ChangeCause.REPLICATION, "shared store");

    private final Registry registry;
    private final ClusterMembers members;
    private final RegistryReader reader;
    private final InputNormalizer inputs;
    private final NamingStore store;
    private final InstanceClusterCatalog clusters;
    private final StoredWrites writes;

    /** For the container's proxy. */
    protected DefaultPersistentInstanceService() {
        this(null, null, null, null, null, null, null);
    }

    @Inject
    public DefaultPersistentInstanceService(Registry registry, ClusterMembers members, RegistryReader reader,
                                            InputNormalizer inputs, NamingStore store, InstanceClusterCatalog clusters,
                                            StoredWrites writes) {
        this.registry = registry;
        this.members = members;
        this.reader = reader;
        this.inputs = inputs;
        this.store = store;
        this.clusters = clusters;
        this.writes = writes;
    }

    @Override
    public void register(ServiceRef service, InstanceSpec spec) {
        register(service, spec, null);
    }

    /** Registers for {@code origin}, or for the instance itself when null. */
    private void register(ServiceRef service, InstanceSpec spec, ChangeOrigin origin) {
        InputNormalizer.Publication publication = inputs.registration(service, persistent(spec));
        ServiceKey key = publication.service();
        Instance given = publication.instances().get(0);
        ClientId id = ClientId.ofIpPort(given.ip(), given.port(), false);
        writes.run(key, () -> {
            Optional<Instance> current = published(id, key);
            Instance instance = current.isPresent() && serverChecks(key, given) ? given.withHealthy(current.get().healthy())
                    : given;
            requirePersistentService(key);
            return Write.of(() -> store.saveInstance(key, instance),
                    () -> publish(id, key, instance, origin == null ? ChangeOrigin.client(id) : origin),
                    () -> putBack(key, given, current));
        });
    }

    @Override
    public void update(ServiceRef service, InstanceSpec spec) {
        update(service, spec, null);
    }

    @Override
    public void update(ServiceRef service, InstanceSpec spec, ChangeOrigin origin) {
        ServiceKey key = inputs.service(service);
        reader.serviceMeta(key).orElseThrow(() -> RegistryException.serviceNotFound(key));
        register(service, spec, origin);
    }

    @Override
    public boolean deregister(ServiceRef service, String ip, Integer port) {
        ServiceKey key = inputs.endpoint(service, ip, port);
        ClientId id = ClientId.ofIpPort(ip, port, false);
        AtomicBoolean shown = new AtomicBoolean();
        boolean stored = writes.run(key, () -> new Write(() -> store.deleteInstance(key, ip, port),
                () -> shown.set(withdraw(id, key, ChangeOrigin.client(id))), () -> { }));
        return stored || shown.get();
    }

    @Override
    public boolean setHealth(ServiceRef service, String ip, Integer port, boolean healthy, ChangeOrigin origin) {
        ServiceKey key = inputs.endpoint(service, ip, port);
        Optional<Instance> current = published(ClientId.ofIpPort(ip, port, false), key);
        if (current.isEmpty()) {
            return false;
        }
        if (serverChecks(key, current.get())) {
            throw RegistryException.invalid("health check is still working, service: " + key.groupedName()
                    + ", cluster: " + current.get().clusterName() + "; set its check to NONE to mark health by hand.");
        }
        mark(key, ip, port, healthy, origin);
        return true;
    }

    @Override
    public boolean checked(ServiceKey service, String ip, int port, boolean healthy) {
        return mark(service, ip, port, healthy, ChangeOrigin.node(ChangeCause.HEALTH_CHECK, members.self().address()));
    }

    private boolean mark(ServiceKey service, String ip, int port, boolean healthy, ChangeOrigin origin) {
        ClientId id = ClientId.ofIpPort(ip, port, false);
        return writes.run(service, () -> {
            Optional<Instance> current = published(id, service);
            if (current.isEmpty() || current.get().healthy() == healthy) {
                return null;
            }
            return Write.of(() -> store.saveInstance(service, current.get().withHealthy(healthy)),
                    () -> registry.amend(id, service, instance -> instance.withHealthy(healthy), origin));
        });
    }

    @Override
    public List<CheckTarget> checkTargets() {
        List<CheckTarget> targets = new ArrayList<>();
        for (ClientView client : reader.clientsOf(ClientKind.PERSISTENT)) {
            client.published().forEach((service, instances) -> {
                for (Instance instance : instances) {
                    if (!members.isResponsibleFor(instance.ip() + ':' + instance.port())) {
                        continue;
                    }
                    InstanceClusterSettings cluster = clusters.of(service, instance.clusterName());
                    targets.add(new CheckTarget(service, instance.ip(), instance.port(), cluster.probePort(instance),
                            cluster.healthCheck(), instance.healthy()));
                }
            });
        }
        return targets;
    }

    /** Shows a stored instance again (at start, or a peer stored it): the store has it already. */
    void restore(ServiceKey service, Instance instance) {
        publish(ClientId.ofIpPort(instance.ip(), instance.port(), false), service, instance, FROM_STORE);
    }

    /** Stops showing the instance the client publishes in the service; false when it showed none. */
    boolean withdraw(ClientId id, ServiceKey service, ChangeOrigin origin) {
        if (published(id, service).isEmpty()) {
            return false;
        }
        try {
            registry.withdraw(id, service, origin);
        } catch (RegistryException e) {
            // The client went between the read and the withdraw: nothing is shown any more.
        }
        registry.disconnectIfIdle(id);
        return true;
    }

    private void publish(ClientId id, ServiceKey service, Instance instance, ChangeOrigin origin) {
        for (int attempt = 1; ; attempt++) {
            registry.connect(id, ClientKind.PERSISTENT, members.self().address());
            try {
                registry.publish(id, service, List.of(instance), origin);
                return;
            } catch (RegistryException e) {
                if (e.code() != RegistryException.UN_REGISTER || attempt == ATTEMPTS) {
                    registry.disconnectIfIdle(id);
                    throw e;
                }
            }
        }
    }

    private void requirePersistentService(ServiceKey service) {
        ServiceView view = reader.view(service);
        if (!view.instances().isEmpty() && view.ephemeral()) {
            throw RegistryException.invalid("Current service " + service.groupedName()
                    + " is ephemeral service, can't register persistent instance.");
        }
    }

    private void putBack(ServiceKey service, Instance given, Optional<Instance> previous) {
        if (previous.isPresent()) {
            store.saveInstance(service, previous.get());
        } else {
            store.deleteInstance(service, given.ip(), given.port());
        }
    }

    private boolean serverChecks(ServiceKey service, Instance instance) {
        return clusters.of(service, instance.clusterName()).healthCheck().type() != HealthCheck.Type.NONE;
    }

    private Optional<Instance> published(ClientId id, ServiceKey service) {
        return reader.client(id).flatMap(client -> client.published(service))
                .flatMap(instances -> instances.stream().findFirst());
    }

    private static InstanceSpec persistent(InstanceSpec spec) {
        if (spec == null) {
            return null;
        }
        return new InstanceSpec(spec.instanceId(), spec.ip(), spec.port(), spec.weight(), spec.healthy(),
                spec.enabled(), false, spec.clusterName(), spec.metadata());
    }
}
