package io.jacos.application.internal;

import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceRef;
import io.jacos.application.ServiceSettings;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

@ApplicationScoped
public class DefaultServiceCatalogService implements ServiceCatalogService {

    @Inject
    Registry registry;
    @Inject
    RegistryReader reader;
    @Inject
    Inputs inputs;

    @Override
    public void create(ServiceRef service, ServiceSettings settings) {
        ServiceKey key = inputs.service(service);
        ServiceMeta meta = inputs.meta(service, settings);
        if (reader.serviceMeta(key).isPresent()) {
            throw new RegistryException(RegistryException.INVALID_PARAM, RegistryException.Reason.SERVICE_EXISTS,
                    "Service " + key.groupedName() + " already exists.");
        }
        registry.declareService(key, meta);
    }

    @Override
    public void update(ServiceRef service, ServiceSettings settings) {
        ServiceKey key = inputs.service(service);
        ServiceMeta meta = inputs.meta(service, settings);
        requireExists(key);
        registry.declareService(key, meta);
    }

    @Override
    public void delete(ServiceRef service) {
        ServiceKey key = inputs.service(service);
        if (!registry.deleteService(key)) {
            throw notFound(key);
        }
    }

    @Override
    public ServiceDetail detail(ServiceRef service) {
        ServiceKey key = inputs.service(service);
        ServiceMeta meta = requireExists(key);
        ServiceView view = reader.view(key);
        List<Instance> instances = view.instances();
        return new ServiceDetail(key, meta, view.ephemeral(), List.copyOf(reader.clustersOf(key)), instances.size(),
                (int) instances.stream().filter(Instance::healthy).count());
    }

    private ServiceMeta requireExists(ServiceKey key) {
        return reader.serviceMeta(key).orElseThrow(() -> notFound(key));
    }

    private static RegistryException notFound(ServiceKey key) {
        return new RegistryException(RegistryException.NOT_FOUND, RegistryException.Reason.SERVICE_NOT_FOUND,
                "Service " + key.groupedName() + " not found.");
    }
}
