package io.jacos.application.internal;

import io.jacos.application.InstanceAdminService;
import io.jacos.application.InstanceAdminService.PublishedInstance;
import io.jacos.application.InstanceEdit;
import io.jacos.application.MetadataBatchService;
import io.jacos.application.ServiceRef;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * Plans the whole batch (find, validate, check owners and room) and only then edits, one instance after another.
 * An instance that ends between the plan and its edit is left out of the answer: there is nothing left to change.
 */
@ApplicationScoped
public class DefaultMetadataBatchService implements MetadataBatchService {

    private InstanceAdminService admin;
    private InputNormalizer inputs;
    private InstanceOverrides overrides;
    private ClusterMembers members;

    /** For the container's proxy. */
    protected DefaultMetadataBatchService() {
    }

    @Inject
    public DefaultMetadataBatchService(InstanceAdminService admin, InputNormalizer inputs, InstanceOverrides overrides,
                                       ClusterMembers members) {
        this.admin = admin;
        this.inputs = inputs;
        this.overrides = overrides;
        this.members = members;
    }

    private record Planned(PublishedInstance found, InstanceEdit edit) {
        Instance instance() {
            return found.instance();
        }
    }

    @Override
    public List<PublishedInstance> change(ServiceRef service, List<InstanceAddress> targets, MetadataChange change,
                                          ChangeOrigin origin) {
        // Counted before any lookup, so an oversized batch costs no more than this check.
        inputs.checkBatchSize(targets.size());
        List<PublishedInstance> found = targets.isEmpty() ? admin.instances(service, null)
                : targets.stream().map(t -> admin.find(service, t.cluster(), t.ip(), t.port())).toList();
        inputs.checkBatchSize(found.size());
        List<Planned> plan = new ArrayList<>(found.size());
        List<InstanceOverrides.Target> kept = new ArrayList<>();
        String self = members.self().address();
        for (PublishedInstance published : found) {
            Instance instance = published.instance();
            InstanceEdit edit = new InstanceEdit(null, null, change.applyTo(instance.metadata()));
            ServiceKey key = inputs.adminTarget(service, instance.clusterName(), instance.ip(), instance.port(), edit);
            if (instance.ephemeral()) {
                if (!self.equals(published.owner())) {
                    throw new RegistryException(409, RegistryException.Reason.OWNED_ELSEWHERE, "Instance "
                            + instance.address() + " is published by client " + published.client() + " on node "
                            + published.owner() + "; change it there. Nothing was changed.");
                }
                kept.add(new InstanceOverrides.Target(key, instance.clusterName(), instance.ip(), instance.port()));
            }
            plan.add(new Planned(published, edit));
        }
        overrides.requireRoom(kept);
        List<PublishedInstance> changed = new ArrayList<>(plan.size());
        for (Planned step : plan) {
            Instance instance = step.instance();
            try {
                changed.add(admin.edit(service, instance.clusterName(), instance.ip(), instance.port(), step.edit(),
                        origin));
            } catch (RegistryException e) {
                if (e.reason() != RegistryException.Reason.INSTANCE_NOT_FOUND) {
                    throw e;
                }
            }
        }
        return changed;
    }
}
