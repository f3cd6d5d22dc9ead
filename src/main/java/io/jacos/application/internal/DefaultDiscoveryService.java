package io.jacos.application.internal;

import io.jacos.application.DiscoveryService;
import io.jacos.application.InstanceSelector;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.model.ClientId;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServicePage;
import io.jacos.model.Subscription;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
public class DefaultDiscoveryService implements DiscoveryService {

    static final int MAX_PAGE_SIZE = 500;

    @Inject
    Registry registry;
    @Inject
    RegistryReader reader;

    @Override
    public Selection subscribe(ClientId client, ServiceRef service, String clusters) {
        ServiceKey key = NameRules.serviceKey(service);
        String filter = NameRules.clusterFilter(clusters);
        return InstanceSelector.select(registry.subscribe(client, new Subscription(key, filter)), filter, false);
    }

    @Override
    public Selection unsubscribe(ClientId client, ServiceRef service, String clusters) {
        ServiceKey key = NameRules.serviceKey(service);
        String filter = NameRules.clusterFilter(clusters);
        return InstanceSelector.select(registry.unsubscribe(client, key), filter, false);
    }

    @Override
    public Selection query(ServiceRef service, String clusters, boolean healthyOnly) {
        ServiceKey key = NameRules.serviceKey(service);
        String filter = NameRules.clusterFilter(clusters);
        return InstanceSelector.select(reader.view(key), filter, healthyOnly);
    }

    @Override
    public ServicePage listServices(String namespace, String group, int pageNo, int pageSize) {
        if (pageNo < 1) {
            throw RegistryException.invalid("Param 'pageNo' is illegal: " + pageNo + " (expected 1 or more).");
        }
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw RegistryException.invalid("Param 'pageSize' is illegal: " + pageSize
                    + " (expected 1 to " + MAX_PAGE_SIZE + ").");
        }
        return reader.listServices(NameRules.namespace(namespace), NameRules.group(group), pageNo, pageSize);
    }
}
