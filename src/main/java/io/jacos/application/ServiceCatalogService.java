package io.jacos.application;

import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;

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

    /** The key of a service as named, its names checked (400 when one breaks a rule); it need not exist. */
    ServiceKey key(ServiceRef service);

    /**
     * The services of a namespace whose group contains {@code groupPart} and whose bare name contains
     * {@code namePart} (plain text, case as given; blank matches all), by group then name. The namespace is
     * checked as an id only: clients may name one nobody created.
     */
    List<ServiceView> search(String namespace, String groupPart, String namePart);

    /**
     * One service as the detail answer shows it; {@code clusters} are those holding instances or set by an
     * operator, by name, each with its settings (the defaults where nobody set them).
     */
    record ServiceDetail(ServiceKey key, ServiceMeta meta, boolean ephemeral, List<InstanceClusterSettings> clusters,
                         int instanceCount, int healthyInstanceCount) {
    }
}
