package io.jacos.registry;

/**
 * Counts for metrics and the console, from one pass over the indexes. {@code ipPortClientCount} and
 * {@code persistentClientCount} are the clients of those kinds (a cluster node holds its peers' copies too).
 */
public record RegistryStats(int serviceCount, int instanceCount, int subscriberCount, int clientCount,
                            int healthyInstanceCount, int ipPortClientCount, int persistentClientCount) {

    public RegistryStats(int serviceCount, int instanceCount, int subscriberCount, int clientCount) {
        this(serviceCount, instanceCount, subscriberCount, clientCount, 0, 0, 0);
    }
}
