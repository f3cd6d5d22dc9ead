package io.jacos.application;

import java.util.Map;

/**
 * An instance as a transport received it, before validation: every field may be missing. The application
 * layer applies the Nacos defaults and limits and turns it into a registry instance.
 */
public record InstanceSpec(String instanceId, String ip, Integer port, Double weight, Boolean healthy,
                           Boolean enabled, Boolean ephemeral, String clusterName, Map<String, String> metadata) {
}
