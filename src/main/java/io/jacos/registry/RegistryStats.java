package io.jacos.registry;

/** Counts for metrics and the console. */
public record RegistryStats(int serviceCount, int instanceCount, int subscriberCount, int clientCount) {
}
