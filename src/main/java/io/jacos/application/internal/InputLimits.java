package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.settings.NamingSettings;
import io.jacos.model.RegistryException;

import java.util.Map;

/**
 * The configured size limits on input. Kept apart from the declared constraints because they are settings,
 * and constraint validators get no injection in plain unit tests; checked after the constraints pass.
 */
record InputLimits(int maxMetadataChars, int maxInstanceIdLength, int maxInstancesPerBatch, int maxPageSize) {

    static InputLimits from(NamingSettings settings) {
        return new InputLimits(settings.maxMetadataChars(), settings.maxInstanceIdLength(),
                settings.maxInstancesPerBatch(), settings.maxPageSize());
    }

    /** Nacos cuts rather than refuses a large page (Spring Cloud asks for Integer.MAX_VALUE). */
    int pageSize(int requested) {
        return Math.min(requested, maxPageSize);
    }

    void checkBatchSize(int count) {
        if (count > maxInstancesPerBatch) {
            throw RegistryException.illegal("instances", "Param 'instances' is illegal: " + count
                    + " instances (at most " + maxInstancesPerBatch + ").");
        }
    }

    /** Expects a spec whose constraints passed, so metadata has no null keys or values. */
    void check(InstanceSpec spec) {
        checkMetadata(spec.metadata());
        String id = spec.instanceId();
        if (id != null && !id.isBlank() && id.length() > maxInstanceIdLength) {
            throw RegistryException.illegal("instanceId", "Param 'instanceId' is illegal: " + id.length()
                    + " characters (at most " + maxInstanceIdLength + ").");
        }
    }

    void checkMetadata(Map<String, String> metadata) {
        if (metadata != null) {
            long chars = 0;
            for (Map.Entry<String, String> e : metadata.entrySet()) {
                chars += e.getKey().length() + e.getValue().length();
            }
            if (chars > maxMetadataChars) {
                throw RegistryException.illegal("metadata", "Param 'metadata' is illegal: " + chars
                        + " characters (at most " + maxMetadataChars + ").");
            }
        }
    }
}
