package io.jacos.application.internal;

import io.jacos.application.InstanceAdminService;
import io.jacos.application.InstanceEdit;
import io.jacos.application.InstanceSpec;
import io.jacos.application.PersistentInstanceService;
import io.jacos.application.ServiceRef;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Operators' reads and edits of instances. A persistent instance's edit goes through
 * {@link PersistentInstanceService} (stored, then shown). An ephemeral instance's edit is recorded in
 * {@link InstanceOverrides} first, so a publish racing with it carries it too, then amended in place on the
 * client that publishes it; only the node owning that client may do so, since replication would undo it elsewhere.
 */
@ApplicationScoped
public class DefaultInstanceAdminService implements InstanceAdminService {

    private static final Comparator<PublishedInstance> ORDER = Comparator
            .comparing((PublishedInstance p) -> p.instance().clusterName())
            .thenComparing(p -> p.instance().ip()).thenComparingInt(p -> p.instance().port());

    private Registry registry;
    private RegistryReader reader;
    private InputNormalizer inputs;
    private PersistentInstanceService persistent;
    private InstanceOverrides overrides;
    private ClusterMembers members;

    /** For the container's proxy. */
    protected DefaultInstanceAdminService() {
    }

    @Inject
    public DefaultInstanceAdminService(Registry registry, RegistryReader reader, InputNormalizer inputs,
                                       PersistentInstanceService persistent, InstanceOverrides overrides,
                                       ClusterMembers members) {
        this.registry = registry;
        this.reader = reader;
        this.inputs = inputs;
        this.persistent = persistent;
        this.overrides = overrides;
        this.members = members;
    }

    @Override
    public List<PublishedInstance> instances(ServiceRef service, String cluster) {
        ServiceKey key = inputs.lookup(service, cluster);
        requireService(key);
        List<PublishedInstance> result = new ArrayList<>();
        for (ClientId id : reader.publishersOf(key)) {
            ClientView client = reader.client(id).orElse(null);
            if (client == null) {
                continue;
            }
            for (Instance instance : client.published(key).orElse(List.of())) {
                if (cluster == null || cluster.isBlank() || cluster.equals(instance.clusterName())) {
                    result.add(new PublishedInstance(instance, id, client.owner()));
                }
            }
        }
        result.sort(ORDER);
        return result;
    }

    @Override
    public PublishedInstance find(ServiceRef service, String cluster, String ip, Integer port) {
        ServiceKey key = inputs.adminTarget(service, cluster, ip, port, null);
        return locate(key, clusterOrDefault(cluster), ip, port);
    }

    @Override
    public PublishedInstance edit(ServiceRef service, String cluster, String ip, Integer port, InstanceEdit edit,
                                  ChangeOrigin origin) {
        ServiceKey key = inputs.adminTarget(service, cluster, ip, port, edit);
        String clusterName = clusterOrDefault(cluster);
        PublishedInstance found = locate(key, clusterName, ip, port);
        Instance current = found.instance();
        if (!current.ephemeral()) {
            Instance edited = edit.applyTo(current);
            persistent.update(service, new InstanceSpec(current.instanceId(), ip, port, edited.weight(),
                    current.healthy(), edited.enabled(), false, clusterName, edited.metadata()), origin);
            return locate(key, clusterName, ip, port);
        }
        String self = members.self().address();
        if (!self.equals(found.owner())) {
            throw new RegistryException(409, RegistryException.Reason.OWNED_ELSEWHERE, "Instance " + ip + ':' + port
                    + " is published by client " + found.client() + " on node " + found.owner()
                    + "; edit it there.");
        }
        InstanceOverrides.Target target = new InstanceOverrides.Target(key, clusterName, ip, port);
        InstanceEdit merged = overrides.record(target, edit);
        registry.amend(found.client(), key, i -> matches(i, clusterName, ip, port) ? merged.applyTo(i) : i, origin);
        try {
            return locate(key, clusterName, ip, port);
        } catch (RegistryException e) {
            // The instance ended while being edited: nothing is left to keep the edit for.
            overrides.forget(target);
            throw e;
        }
    }

    private PublishedInstance locate(ServiceKey key, String cluster, String ip, int port) {
        requireService(key);
        for (ClientId id : reader.publishersOf(key)) {
            ClientView client = reader.client(id).orElse(null);
            if (client == null) {
                continue;
            }
            for (Instance instance : client.published(key).orElse(List.of())) {
                if (matches(instance, cluster, ip, port)) {
                    return new PublishedInstance(instance, id, client.owner());
                }
            }
        }
        throw new RegistryException(RegistryException.NOT_FOUND, RegistryException.Reason.INSTANCE_NOT_FOUND,
                "No instance " + ip + ':' + port + " in cluster " + cluster + " of service " + key.groupedName() + '.');
    }

    private void requireService(ServiceKey key) {
        reader.serviceMeta(key).orElseThrow(() -> RegistryException.serviceNotFound(key));
    }

    private static boolean matches(Instance instance, String cluster, String ip, int port) {
        return instance.port() == port && instance.ip().equals(ip) && instance.clusterName().equals(cluster);
    }

    private static String clusterOrDefault(String cluster) {
        return cluster == null || cluster.isBlank() ? Instance.DEFAULT_CLUSTER : cluster.trim();
    }
}
