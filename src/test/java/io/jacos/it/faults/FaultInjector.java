package io.jacos.it.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Faults on {@link TestHosts}, each held for a bounded time and always healed in {@code finally}. Network faults are
 * nftables rules in the hosts' own table ({@link TestHosts#TABLE}): dropping packets by address gives partitions,
 * {@code numgen random} gives loss. This kernel has no {@code sch_netem}, so there is no true delay: {@link #slow}
 * queues a host's outgoing packets behind an htb class of a very low rate, which delays (and, once the queue is
 * full, drops) them. Every fault is logged to {@link #journal} with its start and end, for failure messages.
 */
public final class FaultInjector {

    private final TestHosts hosts;
    private final HostedCluster cluster;
    private final List<String> journal = new ArrayList<>();
    private final Set<String> touched = new LinkedHashSet<>();

    public FaultInjector(TestHosts hosts, HostedCluster cluster) {
        this.hosts = hosts;
        this.cluster = cluster;
    }

    /** Applies {@code fault}, waits {@code hold} while {@code during} runs, then heals everything, whatever happened. */
    public void hold(String what, Runnable fault, Duration hold, Runnable during) {
        long start = System.currentTimeMillis();
        try {
            fault.run();
            journal.add(start + " start " + what);
            during.run();
            long left = start + hold.toMillis() - System.currentTimeMillis();
            if (left > 0) {
                TimeUnit.MILLISECONDS.sleep(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            healAll();
            journal.add(System.currentTimeMillis() + " healed " + what);
        }
    }

    /**
     * Hosts of {@code a} and of {@code b} drop every packet from the other side; with {@code oneWay}, only a to b.
     * Each host's rules go in as one nftables transaction, so a host is cut from all of the other side at once: rule
     * by rule, an isolated node stayed reachable for its last client hosts for seconds after its peers were cut,
     * and acknowledged removals there that no peer could hear.
     */
    public Runnable partition(Collection<String> a, Collection<String> b, boolean oneWay) {
        return () -> {
            Map<String, List<String>> rules = new LinkedHashMap<>();
            for (String host : a) {
                for (String other : b) {
                    rules.computeIfAbsent(host, h -> new ArrayList<>()).add("out ip daddr " + hosts.address(other));
                    if (!oneWay) {
                        rules.get(host).add("in ip saddr " + hosts.address(other));
                    }
                }
            }
            if (!oneWay) {
                for (String host : b) {
                    for (String other : a) {
                        rules.computeIfAbsent(host, h -> new ArrayList<>()).add("out ip daddr " + hosts.address(other));
                        rules.get(host).add("in ip saddr " + hosts.address(other));
                    }
                }
            }
            rules.forEach(this::drop);
        };
    }

    /** {@code node} cut off from every other node and client host (the observer still sees it). */
    public Runnable isolate(String node, Collection<String> others) {
        return partition(List.of(node), others.stream().filter(h -> !h.equals(node)).toList(), false);
    }

    /** {@code percent} of {@code host}'s packets, in and out, dropped at random. */
    public Runnable loss(String host, int percent) {
        return () -> drop(host, List.of("in numgen random mod 100 < " + percent,
                "out numgen random mod 100 < " + percent));
    }

    /** {@code node} cannot reach the database host (its peers and clients still can reach it). */
    public Runnable databaseUnreachable(String node) {
        return partition(List.of(node), List.of("db"), false);
    }

    /** {@code host}'s outgoing packets queue behind a rate of a few kbit/s: seconds of delay, then tail drops. */
    public Runnable slow(String host, String rate) {
        return () -> {
            hosts.exec(host, "tc", "qdisc", "add", "dev", "eth0", "root", "handle", "1:", "htb", "default", "10");
            hosts.exec(host, "tc", "class", "add", "dev", "eth0", "parent", "1:", "classid", "1:10", "htb",
                    "rate", rate, "ceil", rate);
            touched.add("tc:" + host);
        };
    }

    /** {@code SIGKILL} of the node's JVM, then a restart with its data once {@code during} is done. */
    public void killAndRestart(String node, Duration down, Runnable during) {
        hold("kill -9 " + node, () -> cluster.server(node).kill9(), down, during);
        cluster.startNode(node);
        journal.add(System.currentTimeMillis() + " restarted " + node);
    }

    /** {@code SIGSTOP} of the node's JVM for {@code hold}, {@code SIGCONT} in any case. */
    public void freeze(String node, Duration hold, Runnable during) {
        long pid = cluster.server(node).pid();
        touched.add("stop:" + pid);
        hold("SIGSTOP " + node, () -> Signals.send("-STOP", pid), hold, during);
    }

    /** A client host can no longer reach {@code from}, so its clients move to another node of their list. */
    public Runnable moveClients(String clientHost, String from) {
        return partition(List.of(clientHost), List.of(from), false);
    }

    /** Each of {@code chainAndMatches} ("out ip daddr ...") becomes a drop rule; all in one transaction. */
    private void drop(String host, List<String> chainAndMatches) {
        hosts.exec(host, "nft", chainAndMatches.stream()
                .map(rule -> "add rule inet " + TestHosts.TABLE + " " + rule + " drop")
                .collect(Collectors.joining("; ")));
        touched.add("nft:" + host);
    }

    /** Removes every rule and qdisc added and thaws every frozen node; tries all, reports what failed. */
    public void healAll() {
        List<RuntimeException> failures = new ArrayList<>();
        for (String item : List.copyOf(touched)) {
            String[] kind = item.split(":", 2);
            heal(failures, item, switch (kind[0]) {
                case "nft" -> h -> hosts.exec(h, "nft", "flush table inet " + TestHosts.TABLE);
                case "tc" -> h -> hosts.exec(h, "tc", "qdisc", "del", "dev", "eth0", "root");
                default -> pid -> ProcessHandle.of(Long.parseLong(pid)).ifPresent(p -> Signals.send("-CONT", p.pid()));
            }, kind[1]);
        }
        if (!failures.isEmpty()) {
            IllegalStateException failure = new IllegalStateException("faults not healed: " + touched);
            failures.forEach(failure::addSuppressed);
            throw failure;
        }
    }

    private void heal(List<RuntimeException> failures, String item, Consumer<String> action, String target) {
        try {
            action.accept(target);
            touched.remove(item);
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    /** What was done when (epoch millis), for failure messages. */
    public List<String> journal() {
        return List.copyOf(journal);
    }
}
