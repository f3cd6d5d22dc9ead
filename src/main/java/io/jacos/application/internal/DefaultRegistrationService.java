package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.application.RegistrationService;
import io.jacos.application.ServiceRef;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.registry.PublishOrder;
import io.jacos.registry.Registry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Validates everything first, then makes one registry call, so a refused request leaves no trace; publishes go
 * through a {@link PublishCombiner}, which makes that call for several concurrent registrations at once. What a client
 * publishes carries the operators' edits of its instances ({@link InstanceOverrides}), so a redo keeps them.
 */
@ApplicationScoped
public class DefaultRegistrationService implements RegistrationService {

    private Registry registry;
    private InputNormalizer inputs;
    private InstanceOverrides overrides;

    /** For the container's proxy. */
    protected DefaultRegistrationService() {
    }

    @Inject
    public DefaultRegistrationService(Registry registry, InputNormalizer inputs, InstanceOverrides overrides) {
        this.registry = registry;
        this.inputs = inputs;
        this.overrides = overrides;
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
    public void deregister(ClientId client, ServiceRef service) {
        registry.withdraw(client, inputs.service(service), ChangeOrigin.client(client));
    }

    private static void requireEphemeral(List<Instance> instances, String message) {
        for (Instance instance : instances) {
            if (!instance.ephemeral()) {
                throw RegistryException.invalid(message);
            }
        }
    }
}
