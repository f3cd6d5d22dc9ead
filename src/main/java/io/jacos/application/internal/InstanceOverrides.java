package io.jacos.application.internal;

import io.jacos.application.InstanceEdit;
import io.jacos.event.InstancesChanged;
import io.jacos.settings.NamingSettings;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Operators' edits of ephemeral instances, kept while each instance lives. An ephemeral instance is what its
 * client says it is, so a client that publishes it again (a 2.x client's redo after a reconnect, a re-register, a
 * 1.x client's update) would undo an edit; the registration use cases pass what they publish through
 * {@link #apply} first. An edit is forgotten when its instance ends: no client publishes (service, cluster, ip,
 * port) any more after a change. Bounded by {@code jacos.admin.max-instance-overrides}.
 */
@ApplicationScoped
public class InstanceOverrides {

    /** One instance, by what stays the same while it lives. */
    public record Target(ServiceKey service, String cluster, String ip, int port) {
        static Target of(ServiceKey service, Instance instance) {
            return new Target(service, instance.clusterName(), instance.ip(), instance.port());
        }
    }

    private final Map<Target, InstanceEdit> edits = new ConcurrentHashMap<>();
    private NamingSettings namingSettings;
    private RegistryReader reader;

    /** For the container's proxy. */
    protected InstanceOverrides() {
    }

    @Inject
    public InstanceOverrides(NamingSettings namingSettings, RegistryReader reader) {
        this.namingSettings = namingSettings;
        this.reader = reader;
    }

    /**
     * Records an edit, merged over an earlier one of the same instance. 503 when the bound of instances carry
     * edits already and this one does not.
     */
    public synchronized InstanceEdit record(Target target, InstanceEdit edit) {
        InstanceEdit earlier = edits.get(target);
        if (earlier == null && edits.size() >= max()) {
            throw full();
        }
        InstanceEdit merged = earlier == null ? edit : earlier.then(edit);
        edits.put(target, merged);
        return merged;
    }

    /**
     * 503 unless edits of all these instances could be kept now: those without an edit yet fit under the bound.
     * A batch checks this before it changes anything.
     */
    public synchronized void requireRoom(Collection<Target> targets) {
        long fresh = targets.stream().distinct().filter(target -> !edits.containsKey(target)).count();
        if (edits.size() + fresh > max()) {
            throw full();
        }
    }

    /** Forgets the edit of one instance (its edit could not be applied). */
    public void forget(Target target) {
        edits.remove(target);
    }

    /** The instances a client is about to publish, with the operators' edits of them applied. */
    public List<Instance> apply(ServiceKey service, List<Instance> instances) {
        if (edits.isEmpty()) {
            return instances;
        }
        List<Instance> result = new ArrayList<>(instances.size());
        for (Instance instance : instances) {
            InstanceEdit edit = instance.ephemeral() ? edits.get(Target.of(service, instance)) : null;
            result.add(edit == null ? instance : edit.applyTo(instance));
        }
        return result;
    }

    void changed(@Observes InstancesChanged change) {
        if (!edits.isEmpty()) {
            forgetEnded(change, service -> reader.view(service).instances());
        }
    }

    /**
     * Forgets the edits of instances the change removed from its client, unless another client still publishes
     * them (a client moving to another connection publishes before its old connection goes).
     */
    void forgetEnded(InstancesChanged change, Function<ServiceKey, List<Instance>> current) {
        List<Target> gone = new ArrayList<>();
        for (Instance before : change.before()) {
            Target target = Target.of(change.service(), before);
            if (edits.containsKey(target) && change.after().stream().noneMatch(a -> same(target, a))) {
                gone.add(target);
            }
        }
        if (gone.isEmpty()) {
            return;
        }
        List<Instance> shown = current.apply(change.service());
        for (Target target : gone) {
            if (shown.stream().noneMatch(i -> same(target, i))) {
                edits.remove(target);
            }
        }
    }

    private RegistryException full() {
        return new RegistryException(RegistryException.OVER_THRESHOLD, "Too many edited ephemeral instances: "
                + "the limit is " + max() + " (jacos.admin.max-instance-overrides).");
    }

    private int max() {
        return namingSettings.maxInstanceOverrides();
    }

    public int size() {
        return edits.size();
    }

    private static boolean same(Target target, Instance instance) {
        return instance.port() == target.port() && instance.ip().equals(target.ip())
                && instance.clusterName().equals(target.cluster());
    }
}
