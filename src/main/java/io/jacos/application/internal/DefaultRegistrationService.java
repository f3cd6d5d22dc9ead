package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.application.RegistrationService;
import io.jacos.application.ServiceRef;
import io.jacos.event.EndpointWithdrawn;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.PublishOrder;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Validates everything first, then makes one registry call, so a refused request leaves no trace; publishes go
 * through a {@link PublishCombiner}, which makes that call for several concurrent registrations at once. What a client
 * publishes carries the operators' edits of its instances ({@link InstanceOverrides}), so a redo keeps them. A
 * deregistration names each address it withdrew ({@link EndpointWithdrawn}), or the one the request named when the
 * client held none (its redo after a move had not run yet), so a parked copy of it goes as well.
 */
@ApplicationScoped
public class DefaultRegistrationService implements RegistrationService {

    private Registry registry;
    private InputNormalizer inputs;
    private InstanceOverrides overrides;
    private RegistryReader reader;
    private Event<EndpointWithdrawn> withdrawn;

    /** For the container's proxy. */
    protected DefaultRegistrationService() {
    }

    @Inject
    public DefaultRegistrationService(Registry registry, RegistryReader reader, InputNormalizer inputs,
                                      InstanceOverrides overrides, Event<EndpointWithdrawn> withdrawn) {
        this.registry = registry;
        this.reader = reader;
        this.inputs = inputs;
        this.overrides = overrides;
        this.withdrawn = withdrawn;
    }

    // Reads the field at each batch, so that a test may set the registry after construction.
    private final PublishCombiner combiner = new PublishCombiner(orders -> registry.publishAll(orders));

    /**
     * Registers through the client's connection, whose instances live as long as it does; a persistent instance
     * outlives its connection and so has its own request type.
     */
    @Override
    public void register(ClientId client, ServiceRef service, InstanceSpec spec) {
        InputNormalizer.Publication publication = inputs.registration(service, spec);
        requireEphemeral(publication.instances(), "InstanceRequest registers ephemeral instances only; "
                + "persistent instances use PersistentInstanceRequest or the HTTP API.");
        combiner.publish(new PublishOrder(client, publication.service(),
                overrides.apply(publication.service(), publication.instances()), ChangeOrigin.client(client)));
    }

    @Override
    public void registerBatch(ClientId client, ServiceRef service, List<InstanceSpec> specs) {
        InputNormalizer.Publication publication = inputs.batch(service, specs);
        requireEphemeral(publication.instances(), "Batch registration accepts ephemeral instances only.");
        combiner.publish(new PublishOrder(client, publication.service(),
                overrides.apply(publication.service(), publication.instances()), ChangeOrigin.client(client)));
    }

    @Override
    public void deregister(ClientId client, ServiceRef service, InstanceSpec named) {
        ServiceKey key = inputs.service(service);
        List<Instance> held = reader.client(client).flatMap(c -> c.published(key)).orElse(List.of());
        registry.withdraw(client, key, ChangeOrigin.client(client));
        if (!held.isEmpty()) {
            held.forEach(instance -> withdrawn.fire(
                    new EndpointWithdrawn(key, instance.ip(), instance.port(), instance.clusterName())));
        } else if (named != null && named.ip() != null && named.port() != null) {
            String cluster = named.clusterName() == null || named.clusterName().isBlank()
                    ? Instance.DEFAULT_CLUSTER : named.clusterName().trim();
            withdrawn.fire(new EndpointWithdrawn(key, named.ip().trim(), named.port(), cluster));
        }
    }

    private static void requireEphemeral(List<Instance> instances, String message) {
        for (Instance instance : instances) {
            if (!instance.ephemeral()) {
                throw RegistryException.invalid(message);
            }
        }
    }
}
