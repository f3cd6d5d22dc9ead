package io.jacos.application.internal;

import io.jacos.application.DiscoveryService;
import io.jacos.application.InstanceSelector;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.infrastructure.Settings;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServicePage;
import io.jacos.model.Subscription;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
public class DefaultDiscoveryService implements DiscoveryService {

    @Inject
    Registry registry;
    @Inject
    RegistryReader reader;
    @Inject
    Settings settings;

    @Override
    public Selection subscribe(ClientId client, ServiceRef service, String clusters) {
        ServiceKey key = NameRules.serviceKey(service);
        String filter = NameRules.clusterFilter(clusters);
        return InstanceSelector.select(registry.subscribe(client, new Subscription(key, filter),
                settings.maxSubscriptionsPerConnection()), filter, false);
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

    /**
     * As Nacos pages: a page number below 1 reads as 1, and a page size beyond the cap is cut to it rather
     * than refused (Spring Cloud asks for {@code Integer.MAX_VALUE} to get every service).
     */
    @Override
    public ServicePage listServices(String namespace, String group, int pageNo, int pageSize) {
        int size = Math.min(pageSize, settings.maxPageSize());
        return reader.listServices(NameRules.namespace(namespace), NameRules.group(group), Math.max(pageNo, 1), size);
    }
}
