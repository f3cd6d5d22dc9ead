package io.jacos.cluster;

import io.jacos.settings.Setting;
import io.jacos.infrastructure.ListenAddresses;
import io.jacos.model.NodeId;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static io.jacos.settings.ServerClusterSettingNames.BIND_ADDRESS;
import static io.jacos.settings.ServerClusterSettingNames.DISCOVERY;
import static io.jacos.settings.ServerClusterSettingNames.DNS_QUERY;
import static io.jacos.settings.ServerClusterSettingNames.FD_SOCK_OFFSET;
import static io.jacos.settings.ServerClusterSettingNames.IP_ADDRESS;
import static io.jacos.settings.ServerClusterSettingNames.JOIN_TIMEOUT;
import static io.jacos.settings.ServerClusterSettingNames.MAX_SEND_QUEUE;
import static io.jacos.settings.ServerClusterSettingNames.MEMBER_LIST;
import static io.jacos.settings.ServerClusterSettingNames.MERGE_INTERVAL;
import static io.jacos.settings.ServerClusterSettingNames.NACOS_HOME;
import static io.jacos.settings.ServerClusterSettingNames.NAME;
import static io.jacos.settings.ServerClusterSettingNames.PORT_OFFSET;
import static io.jacos.settings.ServerClusterSettingNames.STANDALONE;
import static io.jacos.settings.ServerClusterSettingNames.SUSPECT_TIMEOUT;

/**
 * Turns the raw settings into a {@link ClusterPlan}, with Nacos's rules where Nacos has them: the nodes come
 * from {@code nacos.member.list} (comma-separated), else from {@code ${nacos.home}/conf/cluster.conf} (one per
 * line, {@code #} comments); a bare host means port 8848; {@code nacos.standalone=true} wins over both. Pure,
 * so tests hand it a map and a fake notion of "local address" and of this machine's address.
 */
public final class ClusterPlanReader {

    static final int NACOS_PORT = 8848;

    private final Function<String, Optional<String>> settings;
    private final Predicate<String> isLocalHost;
    private final Supplier<String> machineAddress;

    /**
     * @param settings       a setting's trimmed, non-blank value by name
     * @param isLocalHost    whether a host names this machine (loopback or one of its interfaces)
     * @param machineAddress the name this machine goes by when nothing else names it ({@link MachineAddress})
     */
    public ClusterPlanReader(Function<String, Optional<String>> settings, Predicate<String> isLocalHost,
                             Supplier<String> machineAddress) {
        this.settings = settings;
        this.isLocalHost = isLocalHost;
        this.machineAddress = machineAddress;
    }

    public ClusterPlan read(int mainPort) {
        List<NodeId> listed = memberList();
        NodeId self = self(listed, mainPort);
        List<NodeId> configured = new ArrayList<>(listed);
        configured.add(self);
        ClusterPlan.Discovery discovery = discovery();
        boolean others = configured.stream().anyMatch(node -> !node.equals(self));
        boolean standalone = Boolean.parseBoolean(textOrDefault(STANDALONE));
        // DNS discovery names no peers up front: asking for it is asking for a cluster.
        boolean clusterMode = !standalone && (others || discovery == ClusterPlan.Discovery.DNS);
        long suspectTimeout = number(SUSPECT_TIMEOUT);
        long[] merge = mergeInterval();
        return new ClusterPlan(clusterMode, self, configured, textOrDefault(NAME),
                text(BIND_ADDRESS.name()).orElse(self.host()),
                (int) number(PORT_OFFSET), (int) number(FD_SOCK_OFFSET),
                discovery, text(DNS_QUERY.name()), suspectTimeout, merge[0], merge[1],
                number(JOIN_TIMEOUT), (int) number(MAX_SEND_QUEUE));
    }

    /** The configured nodes as written; the member list wins over cluster.conf, as in Nacos. */
    List<NodeId> memberList() {
        Optional<String> list = text(MEMBER_LIST.name());
        if (list.isPresent()) {
            return parse(List.of(list.get().split(",")));
        }
        Path file = nacosHome().resolve("conf").resolve("cluster.conf");
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return parse(Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static List<NodeId> parse(List<String> lines) {
        return lines.stream()
                .map(line -> line.contains("#") ? line.substring(0, line.indexOf('#')) : line)
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .map(line -> NodeId.parse(line, NACOS_PORT))
                .toList();
    }

    /**
     * {@code nacos.inetutils.ip-address} if set; else the listed node on our port whose host is this machine's;
     * else {@code server.address} when it names one address (the node is reachable there only); else this machine's
     * address as Nacos picks it. Every node must pick the same name for itself that its peers list, or they see a
     * stranger.
     */
    NodeId self(List<NodeId> listed, int mainPort) {
        Optional<String> configured = text(IP_ADDRESS.name());
        if (configured.isPresent()) {
            return new NodeId(configured.get(), mainPort);
        }
        String bound = ListenAddresses.of(text(ListenAddresses.SERVER_ADDRESS_VARIABLE),
                text(ListenAddresses.SERVER_ADDRESS), Optional.empty(), Optional.empty()).http();
        return listed.stream()
                .filter(node -> node.port() == mainPort && isLocalHost.test(node.host()))
                .findFirst()
                .orElseGet(() -> new NodeId(ListenAddresses.isAny(bound) ? machineAddress.get() : bound, mainPort));
    }

    private ClusterPlan.Discovery discovery() {
        String value = textOrDefault(DISCOVERY).toUpperCase(Locale.ROOT);
        try {
            return ClusterPlan.Discovery.valueOf(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(DISCOVERY.name() + " must be static or dns, not " + value, e);
        }
    }

    /** {@code min/max} or a single value (the minimum; the maximum is twice it). */
    private long[] mergeInterval() {
        String value = textOrDefault(MERGE_INTERVAL);
        String[] parts = value.split("/");
        long min = parseLong(MERGE_INTERVAL.name(), parts[0]);
        long max = parts.length > 1 ? parseLong(MERGE_INTERVAL.name(), parts[1]) : 2 * min;
        return new long[] {min, max};
    }

    private Path nacosHome() {
        return text(NACOS_HOME.name()).map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), "nacos"));
    }

    private long number(Setting setting) {
        return parseLong(setting.name(), textOrDefault(setting));
    }

    private String textOrDefault(Setting setting) {
        return text(setting.name()).orElse(setting.defaultValue());
    }

    private static long parseLong(String name, String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, not " + value, e);
        }
    }

    private Optional<String> text(String name) {
        return settings.apply(name).map(String::strip).filter(value -> !value.isEmpty());
    }
}
