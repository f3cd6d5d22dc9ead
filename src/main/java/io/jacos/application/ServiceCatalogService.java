package io.jacos.application;

import io.jacos.model.ClusterSettings;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;

import java.util.List;

/**
 * Services as operators manage them (the v1/v2 service API): create with settings, change the settings, delete
 * an empty one, read one. Settings changes are pushed, since the protect threshold changes what readers get.
 */
public interface ServiceCatalogService {

    /** Creates the service; 400 when it exists already. */
    void create(ServiceRef service, ServiceSettings settings);

    /** Replaces the settings of an existing service; 404 when there is none. */
    void update(ServiceRef service, ServiceSettings settings);

    /** Deletes a service without instances; 404 when unknown, 400 while it holds instances. */
    void delete(ServiceRef service);

    /** The service with its settings and instance counts; 404 when unknown. */
    ServiceDetail detail(ServiceRef service);

    /**
     * One service as the detail answer shows it; {@code clusters} are those holding instances or set by an
     * operator, by name, each with its settings (the defaults where nobody set them).
     */
    record ServiceDetail(ServiceKey key, ServiceMeta meta, boolean ephemeral, List<ClusterSettings> clusters,
                         int instanceCount, int healthyInstanceCount) {
    }
}
