package io.jacos.application;

import io.jacos.model.InstanceClusterSettings;

import java.util.Map;

/** The operator's settings of a service's clusters, chiefly how the server checks their persistent instances. */
public interface InstanceClusterService {

    /** Creates or replaces one cluster's settings; the service must exist. Stored, then used by the next checks. */
    void update(ServiceRef service, InstanceClusterSpec spec);

    /** The settings of the service's clusters that an operator set, by cluster name. */
    Map<String, InstanceClusterSettings> settings(ServiceRef service);
}
