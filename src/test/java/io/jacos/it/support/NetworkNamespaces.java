package io.jacos.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Two network namespaces joined by a veth pair, standing for two hosts: a server host and a client host, each with
 * its own loopback and one address on a /30 of 10.213.0.0/16 (a range chosen to be unlikely on a real network).
 * Names are unique per run ({@code jn-<random>-srv}, {@code -cli}); {@link #close()} deletes both namespaces, which
 * takes the veth pair with them. Needs {@code ip netns} and the right to use it (root in CI, where {@code .ci/run}
 * installs iproute2); without them {@link #create()} fails with a message that says so.
 */
public final class NetworkNamespaces implements AutoCloseable {

    private static final long COMMAND_SECONDS = 30;

    private final String server;
    private final String client;
    private final String serverAddress;
    private final String clientAddress;
    private final List<String> created = new ArrayList<>();

    private NetworkNamespaces(String tag, int subnet) {
        this.server = "jn-" + tag + "-srv";
        this.client = "jn-" + tag + "-cli";
        String prefix = "10.213." + subnet + ".";
        this.serverAddress = prefix + (subnet % 64 * 4 + 1);
        this.clientAddress = prefix + (subnet % 64 * 4 + 2);
    }

    /** Creates both namespaces and the link between them; on any failure removes what it made and throws. */
    public static NetworkNamespaces create() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        NetworkNamespaces hosts = new NetworkNamespaces(Integer.toHexString(random.nextInt(0x1000, 0x10000)),
                random.nextInt(256));
        try {
            hosts.build();
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
        return hosts;
    }

    private void build() {
        String serverEnd = server.substring(0, server.length() - 4) + "-s";
        String clientEnd = client.substring(0, client.length() - 4) + "-c";
        for (String name : List.of(server, client)) {
            run("ip", "netns", "add", name);
            created.add(name);
            run("ip", "-n", name, "link", "set", "lo", "up");
        }
        run("ip", "link", "add", serverEnd, "netns", server, "type", "veth", "peer", "name", clientEnd, "netns",
                client);
        run("ip", "-n", server, "addr", "add", serverAddress + "/30", "dev", serverEnd);
        run("ip", "-n", client, "addr", "add", clientAddress + "/30", "dev", clientEnd);
        run("ip", "-n", server, "link", "set", serverEnd, "up");
        run("ip", "-n", client, "link", "set", clientEnd, "up");
    }

    public String serverHost() {
        return serverAddress;
    }

    public String clientHost() {
        return clientAddress;
    }

    /** {@code command} to run on the server host. */
    public List<String> onServer(List<String> command) {
        return in(server, command);
    }

    /** {@code command} to run on the client host. */
    public List<String> onClient(List<String> command) {
        return in(client, command);
    }

    private static List<String> in(String namespace, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        wrapped.addAll(command);
        return wrapped;
    }

    /** Runs a short command to its end and returns what it printed; throws with that output when it fails. */
    public static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            boolean ended = process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS);
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!ended) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not end in " + COMMAND_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue()
                        + "): " + output.strip() + " -- this test needs `ip netns` (iproute2) and the right to use it");
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + String.join(" ", command)
                    + ": this test needs `ip` (iproute2) on the PATH", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** Deletes the namespaces this object made (their veth ends go with them); every one is tried. */
    @Override
    public void close() {
        deleteAll(created, List.copyOf(created));
    }

    /**
     * Deletes the namespaces {@code inOrder} names, each removed from {@code created} once gone; every one is tried,
     * and what could not be deleted is named in the exception thrown at the end.
     */
    public static void deleteAll(List<String> created, List<String> inOrder) {
        List<RuntimeException> failures = new ArrayList<>();
        for (String name : inOrder) {
            try {
                run("ip", "netns", "delete", name);
                created.remove(name);
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        if (!failures.isEmpty()) {
            IllegalStateException failure = new IllegalStateException("namespaces left behind: " + created);
            failures.forEach(failure::addSuppressed);
            throw failure;
        }
    }
}
