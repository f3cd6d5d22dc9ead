package io.jacos.application;

import io.jacos.model.ClusterSettings;

import java.util.Map;

/** The operator's settings of a service's clusters, chiefly how the server checks their persistent instances. */
public interface ClusterService {

    /** Creates or replaces one cluster's settings; the service must exist. Stored, then used by the next checks. */
    void update(ServiceRef service, ClusterSpec spec);

    /** The settings of the service's clusters that an operator set, by cluster name. */
    Map<String, ClusterSettings> settings(ServiceRef service);
}
