package io.jacos.application.internal;

import io.jacos.application.InstanceClusterService;
import io.jacos.application.InstanceClusterSpec;
import io.jacos.application.HealthCheckSpec;
import io.jacos.application.NamingStore;
import io.jacos.application.ServiceRef;
import io.jacos.application.validation.InputValidator;
import io.jacos.event.StoredServiceChanged;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.HealthCheck;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Locale;
import java.util.Map;

/**
 * Cluster settings: checked, stored, then kept in the {@link InstanceClusterCatalog} the health checks read; peers are
 * told by {@link StoredServiceChanged}.
 */
@ApplicationScoped
public class DefaultInstanceClusterService implements InstanceClusterService {

    /** Nacos's limit on clusters per service is none; ours keeps the catalog bounded by what services exist. */
    static final int MAX_CLUSTERS_PER_SERVICE = 1000;

    private InputNormalizer inputs;
    private InputValidator validator;
    private RegistryReader reader;
    private NamingStore store;
    private InstanceClusterCatalog clusters;
    private StoredWrites writes;

    /** For the container's proxy. */
    protected DefaultInstanceClusterService() {
    }

    @Inject
    public DefaultInstanceClusterService(InputNormalizer inputs, InputValidator validator, RegistryReader reader,
                                         NamingStore store, InstanceClusterCatalog clusters, StoredWrites writes) {
        this.inputs = inputs;
        this.validator = validator;
        this.reader = reader;
        this.store = store;
        this.clusters = clusters;
        this.writes = writes;
    }

    @Override
    public void update(ServiceRef service, InstanceClusterSpec spec) {
        ServiceKey key = inputs.service(service);
        validator.check(spec == null ? new InstanceClusterSpec(null, null, null, null, null) : spec);
        reader.serviceMeta(key).orElseThrow(() -> RegistryException.serviceNotFound(key));
        InstanceClusterSettings settings = settings(spec);
        writes.run(key, () -> {
            Map<String, InstanceClusterSettings> current = clusters.ofService(key);
            if (!current.containsKey(spec.clusterName()) && current.size() >= MAX_CLUSTERS_PER_SERVICE) {
                throw new RegistryException(RegistryException.OVER_THRESHOLD, "Too many clusters with settings in "
                        + key.groupedName() + ": the limit is " + MAX_CLUSTERS_PER_SERVICE + ".");
            }
            return StoredWrites.Write.of(() -> store.saveCluster(key, settings), () -> clusters.put(key, settings));
        });
    }

    @Override
    public Map<String, InstanceClusterSettings> settings(ServiceRef service) {
        return clusters.ofService(inputs.service(service));
    }

    private static InstanceClusterSettings settings(InstanceClusterSpec spec) {
        HealthCheckSpec check = spec.healthChecker();
        HealthCheck healthCheck = check == null || check.type() == null ? HealthCheck.TCP : new HealthCheck(
                HealthCheck.Type.valueOf(check.type().toUpperCase(Locale.ROOT)), check.path(), check.headers(),
                orZero(check.expectedResponseCode()), orZero(check.intervalMillis()), orZero(check.timeoutMillis()),
                orZero(check.unhealthyThreshold()), orZero(check.healthyThreshold()));
        int checkPort = spec.checkPort() == null ? 80 : spec.checkPort();
        boolean useInstancePort = spec.useInstancePort() == null || spec.useInstancePort();
        return new InstanceClusterSettings(spec.clusterName(), healthCheck, checkPort, useInstancePort, spec.metadata());
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
