package io.jacos.it.fuzz;

import java.util.List;

/**
 * The registry content the fuzz run starts from, which its generators aim at: mutations of requests about
 * these services and addresses are the nearest to valid, hence the most likely to slip through.
 */
record Known(List<String> namespaces, List<String> groups, List<String> services, List<String> ips,
             List<Integer> ports) {

    String namespace(Hostile h) {
        return namespaces.get(h.below(namespaces.size()));
    }

    String group(Hostile h) {
        return groups.get(h.below(groups.size()));
    }

    String service(Hostile h) {
        return services.get(h.below(services.size()));
    }

    String ip(Hostile h) {
        return ips.get(h.below(ips.size()));
    }

    int port(Hostile h) {
        return ports.get(h.below(ports.size()));
    }
}
