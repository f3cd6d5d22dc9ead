package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.application.RegistrationService;
import io.jacos.application.ServiceRef;
import io.jacos.registry.Registry;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/** Validates everything first, then makes one registry call, so a refused request leaves no trace. */
@ApplicationScoped
public class DefaultRegistrationService implements RegistrationService {

    @Inject
    Registry registry;

    @Override
    public void register(ClientId client, ServiceRef service, InstanceSpec spec) {
        ServiceKey key = NameRules.serviceKey(service);
        Instance instance = InstanceRules.toInstance(key, spec, true);
        registry.publish(client, key, List.of(instance));
    }

    @Override
    public void registerBatch(ClientId client, ServiceRef service, List<InstanceSpec> specs) {
        ServiceKey key = NameRules.serviceKey(service);
        if (specs == null) {
            throw RegistryException.invalid("Param 'instances' is required.");
        }
        List<Instance> instances = new ArrayList<>(specs.size());
        for (InstanceSpec spec : specs) {
            Instance instance = InstanceRules.toInstance(key, spec, true);
            if (!instance.ephemeral()) {
                throw RegistryException.invalid("Batch registration accepts ephemeral instances only.");
            }
            instances.add(instance);
        }
        registry.publish(client, key, instances);
    }

    @Override
    public void deregister(ClientId client, ServiceRef service) {
        registry.withdraw(client, NameRules.serviceKey(service));
    }
}
