package io.jacos.bench;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Scale by size: {@code instances} ephemeral instances over every connection of the fleet (each connection
 * batch-registers its share into one of {@code services} services), then the server's RSS, its heap after GC and
 * its CPU over an idle window, while it holds them all.
 */
final class ScaleSizePhase {

    record Result(int connections, int instances, int services, double registerSeconds, long rssKib,
                  long heapAfterGcBytes, double idleCpuPercentOfOneCore, double idleSeconds) {
    }

    private ScaleSizePhase() {
    }

    static Result run(ScaleFleet fleet, int instances, int services, long settleMillis, long idleMillis,
                      ServerProcess server, ServerProbe probe) throws Exception {
        int connections = fleet.connections().size();
        int perConnection = Math.max(1, instances / Math.max(1, connections));
        long start = System.nanoTime();
        fleet.forEach((index, connection) -> {
            int[] ports = new int[perConnection];
            for (int p = 0; p < perConnection; p++) {
                ports[p] = 1_000 + p;
            }
            // One host per connection, as a fleet of hosts would register: 10.x.y.z from the index.
            String ip = "10." + (index >> 16 & 255) + "." + (index >> 8 & 255) + "." + (index & 255);
            connection.batchRegister("scale-size-" + index % services, "DEFAULT_GROUP", ip, ports);
        }, 600);
        double registerSeconds = (System.nanoTime() - start) / 1e9;
        int registered = perConnection * connections;
        Benchmark.log(String.format(Locale.ROOT, "scale: %d instances in %d services registered in %.1f s; %s",
                registered, services, registerSeconds, probe.counts()));
        // Let the pushes, the first idle probes and the JIT settle before the idle window: right after the burst
        // of registrations the C2 compiler alone used about 12 % of a core for more than half a minute.
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(settleMillis));
        long cpuBefore = server.cpuMicros();
        long wallBefore = System.nanoTime();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(idleMillis));
        long cpuAfter = server.cpuMicros();
        double wallMicros = (System.nanoTime() - wallBefore) / 1e3;
        double idlePercent = cpuBefore < 0 || cpuAfter < 0 ? Double.NaN : (cpuAfter - cpuBefore) * 100.0 / wallMicros;
        long rss = server.rssKib();
        long heap = probe.heapAfterGc();
        Benchmark.log(String.format(Locale.ROOT, "scale: idle %.0f s: server CPU %.2f %% of one core, RSS %d MiB,"
                + " heap after GC %d MiB", wallMicros / 1e6, idlePercent, rss / 1024, heap >> 20));
        return new Result(connections, registered, services, registerSeconds, rss, heap, idlePercent,
                wallMicros / 1e6);
    }
}
