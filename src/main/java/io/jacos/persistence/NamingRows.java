package io.jacos.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.HealthCheck;
import io.jacos.model.Instance;
import io.jacos.model.Namespace;
import io.jacos.model.Selector;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;

import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the model records into rows and back. Kept apart from the entities so they stay dumb data holders
 * and the two JPA providers see nothing but fields. Metadata maps are stored as JSON objects, keys sorted so
 * the same map is always the same text.
 */
final class NamingRows {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() { };

    private NamingRows() {
    }

    static NamespaceRow namespaceRow(Namespace namespace) {
        NamespaceRow row = new NamespaceRow();
        row.id = namespace.id();
        row.name = namespace.name();
        row.description = namespace.description();
        return row;
    }

    static Namespace namespace(NamespaceRow row) {
        return new Namespace(row.id, row.name, row.description);
    }

    static ServiceKeyColumns key(ServiceKey service) {
        return new ServiceKeyColumns(service.namespace(), service.group(), service.name());
    }

    static ServiceRow serviceRow(ServiceKey service, ServiceMeta meta) {
        ServiceRow row = new ServiceRow();
        row.scope(service);
        row.protectThreshold = meta.protectThreshold();
        row.metadata = toJson(meta.metadata());
        row.selectorType = meta.selector().type();
        row.selectorExpression = meta.selector().expression();
        return row;
    }

    static ServiceMeta serviceMeta(ServiceRow row) {
        return new ServiceMeta(row.protectThreshold, fromJson(row.metadata),
                new Selector(row.selectorType, row.selectorExpression));
    }

    static InstanceClusterRow clusterRow(ServiceKey service, InstanceClusterSettings cluster) {
        HealthCheck check = cluster.healthCheck();
        InstanceClusterRow row = new InstanceClusterRow();
        row.scope(service);
        row.cluster = cluster.name();
        row.checkType = check.type().name();
        row.checkPath = check.path();
        row.checkHeaders = check.headers();
        row.expectedStatus = check.expectedStatus();
        row.checkIntervalMillis = check.intervalMillis();
        row.checkTimeoutMillis = check.timeoutMillis();
        row.unhealthyThreshold = check.unhealthyThreshold();
        row.healthyThreshold = check.healthyThreshold();
        row.checkPort = cluster.checkPort();
        row.useInstancePort = cluster.useInstancePort();
        row.metadata = toJson(cluster.metadata());
        return row;
    }

    static InstanceClusterSettings clusterSettings(InstanceClusterRow row) {
        HealthCheck check = new HealthCheck(HealthCheck.Type.valueOf(row.checkType), row.checkPath, row.checkHeaders,
                row.expectedStatus, row.checkIntervalMillis, row.checkTimeoutMillis, row.unhealthyThreshold,
                row.healthyThreshold);
        return new InstanceClusterSettings(row.cluster, check, row.checkPort, row.useInstancePort, fromJson(row.metadata));
    }

    static InstanceRow instanceRow(ServiceKey service, Instance instance) {
        InstanceRow row = new InstanceRow();
        row.scope(service);
        row.ip = instance.ip();
        row.port = instance.port();
        row.instanceId = instance.instanceId();
        row.cluster = instance.clusterName();
        row.weight = instance.weight();
        row.healthy = instance.healthy();
        row.enabled = instance.enabled();
        row.metadata = toJson(instance.metadata());
        return row;
    }

    /** Stored instances are the persistent ones, so {@code ephemeral} is false by construction. */
    static Instance instance(InstanceRow row) {
        return new Instance(row.instanceId, row.ip, row.port, row.weight, row.healthy, row.enabled, false,
                row.cluster, fromJson(row.metadata));
    }

    static String toJson(Map<String, String> map) {
        try {
            return JSON.writeValueAsString(new TreeMap<>(map));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("metadata cannot be written as JSON", e);
        }
    }

    static Map<String, String> fromJson(String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        try {
            return JSON.readValue(json, STRING_MAP);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored metadata is not a JSON object of strings: " + json, e);
        }
    }
}
