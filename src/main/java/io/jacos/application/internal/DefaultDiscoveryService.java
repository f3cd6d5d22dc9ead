package io.jacos.application.internal;

import io.jacos.application.DiscoveryService;
import io.jacos.application.InstanceSelector;
import io.jacos.application.Selection;
import io.jacos.application.ServiceRef;
import io.jacos.settings.ConnectionSettings;
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

    private Registry registry;
    private RegistryReader reader;
    private InputNormalizer inputs;
    private ConnectionSettings connectionSettings;

    /** For the container's proxy. */
    protected DefaultDiscoveryService() {
    }

    @Inject
    public DefaultDiscoveryService(Registry registry, RegistryReader reader, InputNormalizer inputs,
                                   ConnectionSettings connectionSettings) {
        this.registry = registry;
        this.reader = reader;
        this.inputs = inputs;
        this.connectionSettings = connectionSettings;
    }

    @Override
    public Selection subscribe(ClientId client, ServiceRef service, String clusters) {
        ServiceKey key = inputs.lookup(service, clusters);
        String filter = InputNormalizer.clusterFilter(clusters);
        return InstanceSelector.select(registry.subscribe(client, new Subscription(key, filter),
                connectionSettings.maxSubscriptionsPerConnection()), filter, false);
    }

    @Override
    public Selection unsubscribe(ClientId client, ServiceRef service, String clusters) {
        ServiceKey key = inputs.lookup(service, clusters);
        return InstanceSelector.select(registry.unsubscribe(client, key), InputNormalizer.clusterFilter(clusters), false);
    }

    @Override
    public Selection query(ServiceRef service, String clusters, boolean healthyOnly) {
        ServiceKey key = inputs.lookup(service, clusters);
        return InstanceSelector.select(reader.view(key), InputNormalizer.clusterFilter(clusters), healthyOnly);
    }

    @Override
    public ServicePage listServices(String namespace, String group, int pageNo, int pageSize) {
        InputNormalizer.Listing listing = inputs.listing(namespace, group, pageNo, pageSize);
        return reader.listServices(listing.namespace(), listing.groupName(), listing.pageNo(), listing.pageSize());
    }
}
