package io.jacos.it.faults;

import io.jacos.it.support.NetworkNamespaces;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Hosts on one private LAN: one network namespace per host, each with a veth pair to a bridge that lives in a
 * namespace of its own, so nothing is added to the root namespace's links or addresses. Host {@code i} is
 * {@code 10.213.<subnet>.<10+i>/24}. Names are unique per run ({@code jf<tag>-<host>}). Every namespace gets an
 * nftables table {@value #TABLE} with an input and an output chain, empty until a {@link FaultInjector} adds rules.
 * {@link #close()} deletes every namespace made (veth pairs, rules and qdiscs go with them), also from a JVM
 * shutdown hook should the test JVM end without closing.
 */
public final class TestHosts implements AutoCloseable {

    static final String TABLE = "jf";

    private final String tag;
    private final String subnet;
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final List<String> created = new ArrayList<>();
    private final Thread hook = new Thread(this::deleteAll, "test-hosts-cleanup");

    private TestHosts(String tag, int subnet) {
        this.tag = tag;
        this.subnet = "10.213." + subnet + ".";
    }

    /** Creates the bridge and one host per name, in that order; on any failure removes what it made and throws. */
    public static TestHosts create(List<String> hostNames) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        TestHosts hosts = new TestHosts(Integer.toHexString(random.nextInt(0x100, 0x1000)), random.nextInt(64, 250));
        Runtime.getRuntime().addShutdownHook(hosts.hook);
        try {
            hosts.build(hostNames);
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
        return hosts;
    }

    private void build(List<String> hostNames) {
        String bridge = namespace("br");
        addNamespace(bridge);
        run("ip", "-n", bridge, "link", "add", "br0", "type", "bridge");
        run("ip", "-n", bridge, "link", "set", "br0", "up");
        for (int i = 0; i < hostNames.size(); i++) {
            String host = hostNames.get(i);
            String ns = namespace(host);
            String address = subnet + (10 + i);
            addNamespace(ns);
            String inner = "v" + tag + i;
            run("ip", "link", "add", inner, "netns", ns, "type", "veth", "peer", "name", "b" + tag + i, "netns", bridge);
            run("ip", "-n", ns, "link", "set", inner, "name", "eth0");
            run("ip", "-n", ns, "addr", "add", address + "/24", "dev", "eth0");
            run("ip", "-n", ns, "link", "set", "eth0", "up");
            run("ip", "-n", bridge, "link", "set", "b" + tag + i, "master", "br0");
            run("ip", "-n", bridge, "link", "set", "b" + tag + i, "up");
            run("ip", "netns", "exec", ns, "nft", "add table inet " + TABLE
                    + "; add chain inet " + TABLE + " in { type filter hook input priority 0 ; }"
                    + "; add chain inet " + TABLE + " out { type filter hook output priority 0 ; }");
            addresses.put(host, address);
        }
    }

    private String namespace(String host) {
        return "jf" + tag + "-" + host;
    }

    private void addNamespace(String ns) {
        run("ip", "netns", "add", ns);
        created.add(ns);
        run("ip", "-n", ns, "link", "set", "lo", "up");
    }

    public String address(String host) {
        return require(host);
    }

    /** The private network every host is on, as CIDR. */
    public String network() {
        return subnet + "0/24";
    }

    public List<String> hosts() {
        return List.copyOf(addresses.keySet());
    }

    /** {@code command} prefixed to run on {@code host}. */
    public List<String> on(String host, List<String> command) {
        require(host);
        List<String> wrapped = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host)));
        wrapped.addAll(command);
        return wrapped;
    }

    /** Runs a short command on {@code host} to its end and answers its output. */
    public String exec(String host, String... command) {
        return run(on(host, List.of(command)).toArray(String[]::new));
    }

    private String require(String host) {
        String address = addresses.get(host);
        if (address == null) {
            throw new IllegalArgumentException("no test host " + host + " among " + addresses.keySet());
        }
        return address;
    }

    static String run(String... command) {
        return NetworkNamespaces.run(command);
    }

    /** Names of this run's namespaces that exist now (empty after {@link #close()}). */
    public List<String> leftOver() {
        String listed = run("ip", "netns", "list");
        return listed.lines().map(l -> l.split("\\s+")[0]).filter(n -> n.startsWith("jf" + tag + "-")).toList();
    }

    @Override
    public void close() {
        deleteAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs or ran
        }
    }

    private synchronized void deleteAll() {
        List<String> newestFirst = new ArrayList<>(created);
        java.util.Collections.reverse(newestFirst);
        NetworkNamespaces.deleteAll(created, newestFirst);
    }
}
