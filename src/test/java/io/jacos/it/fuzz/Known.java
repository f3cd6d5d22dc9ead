package io.jacos.it.fuzz;

import java.util.List;

/**
 * The registry and configuration content the fuzz run starts from, which its generators aim at: mutations of
 * requests about these services, addresses and configurations are the nearest to valid, hence the most likely to
 * slip through.
 */
record Known(List<String> namespaces, List<String> groups, List<String> services, List<String> ips,
             List<Integer> ports, List<String> dataIds) {

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

    /** A configuration's tenant: every spelling of the known namespaces, and one that no one created. */
    String tenant(Hostile h) {
        return switch (h.below(8)) {
            case 0 -> "";
            case 1 -> "public";
            case 2 -> "null";
            case 3 -> KnownConfigs.GHOST;
            default -> namespace(h);
        };
    }

    /** A data id of the configurations stored in every known namespace and group ({@link KnownConfigs}). */
    String dataId(Hostile h) {
        return dataIds.get(h.below(dataIds.size()));
    }
}
