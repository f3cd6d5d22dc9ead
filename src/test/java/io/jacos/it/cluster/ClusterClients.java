package io.jacos.it.cluster;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LoopbackConnections;
import io.jacos.it.support.NamingClients;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The nacos-client 2.5.1 clients of one test, against whichever nodes it names; {@link #close()} shuts every one
 * down. A client given several addresses picks one at random and moves to another when it loses it, as in
 * production.
 */
final class ClusterClients implements AutoCloseable {

    /** A client with several addresses and the instance it registered. */
    record Registered(NamingService naming, String endpoint) {
    }

    private final List<NamingClients> opened = new ArrayList<>();

    /** A client whose only server is the given address list. */
    synchronized NamingService open(String serverAddr) {
        NamingClients clients = new NamingClients(serverAddr);
        opened.add(clients);
        return clients.open();
    }

    /**
     * Opens clients with every node's address, each registering one instance ({@code instanceOf.apply(i)} gives
     * {@code ip:port}), until at least {@code wanted} of them are connected to {@code target}, or {@code max}
     * clients are open. Which node a client picks is random; the kernel's connection table says where it went.
     * Fails if {@code target} got fewer than {@code wanted}.
     */
    List<Registered> registerUntilConnectedTo(LocalCluster cluster, LocalCluster.Node target, int wanted, int max,
                                              String service, IntFunction<String> instanceOf) throws Exception {
        int before = LoopbackConnections.to(target.grpcPort());
        List<Registered> registered = new ArrayList<>();
        for (int i = 0; i < max && LoopbackConnections.to(target.grpcPort()) - before < wanted; i++) {
            NamingService naming = open(cluster.allAddresses());
            String endpoint = instanceOf.apply(i);
            int colon = endpoint.indexOf(':');
            naming.registerInstance(service, endpoint.substring(0, colon), Integer.parseInt(endpoint.substring(colon + 1)));
            registered.add(new Registered(naming, endpoint));
        }
        int landed = LoopbackConnections.to(target.grpcPort()) - before;
        if (landed < wanted) {
            throw new AssertionError(max + " clients opened, only " + landed + " connected to " + target);
        }
        return registered;
    }

    static List<String> endpoints(List<Registered> registered) {
        return registered.stream().map(Registered::endpoint).sorted().toList();
    }

    @Override
    public synchronized void close() {
        opened.forEach(NamingClients::close);
        opened.clear();
    }
}
