package io.jacos.application;

import io.jacos.model.ClientId;
import io.jacos.model.ServicePage;

/** Use cases that read the registry or record interest in it. */
public interface DiscoveryService {

    Selection subscribe(ClientId client, ServiceRef service, String clusters);

    Selection unsubscribe(ClientId client, ServiceRef service, String clusters);

    Selection query(ServiceRef service, String clusters, boolean healthyOnly);

    ServicePage listServices(String namespace, String group, int pageNo, int pageSize);
}
