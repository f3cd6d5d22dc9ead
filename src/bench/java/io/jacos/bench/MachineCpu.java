package io.jacos.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the whole machine was, split into the server, this benchmark JVM and everything else. Client and
 * server share the CPUs, so a busy neighbour (a build, another test run) slows both and inflates latencies;
 * the report shows it so a run can be judged.
 */
final class MachineCpu {

    /** Busy CPU in clock ticks: machine-wide, of the server, and of this JVM; and when it was read. */
    record Snapshot(long machineBusy, long server, long self, long nanos) {
    }

    private final long serverPid;

    MachineCpu(long serverPid) {
        this.serverPid = serverPid;
    }

    Snapshot snapshot() {
        return new Snapshot(machineBusyTicks(), processTicks(Long.toString(serverPid)), processTicks("self"),
                System.nanoTime());
    }

    /**
     * Shares of the machine's total CPU capacity between two snapshots, as "server x%, benchmark y%, other z%".
     * "other" is what neither used: a high value means the numbers of this run are disturbed.
     */
    static String shares(Snapshot from, Snapshot to, long ticksPerSecond) {
        double capacity = (to.nanos() - from.nanos()) / 1e9 * ticksPerSecond * Runtime.getRuntime().availableProcessors();
        if (capacity <= 0 || from.machineBusy() < 0 || to.machineBusy() < 0) {
            return "n/a";
        }
        long server = from.server() < 0 || to.server() < 0 ? 0 : to.server() - from.server();
        long self = to.self() - from.self();
        long other = Math.max(0, to.machineBusy() - from.machineBusy() - server - self);
        return String.format(java.util.Locale.ROOT, "server %.0f%%, benchmark %.0f%%, other processes %.0f%% (of %d CPUs)",
                100 * server / capacity, 100 * self / capacity, 100 * other / capacity,
                Runtime.getRuntime().availableProcessors());
    }

    /** Sum of the non-idle fields of the aggregate "cpu" line of /proc/stat; -1 when unreadable. */
    private static long machineBusyTicks() {
        try {
            String line = Files.readAllLines(Path.of("/proc/stat")).get(0);
            String[] f = line.trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                if (i != 4 && i != 5) { // idle, iowait
                    busy += Long.parseLong(f[i]);
                }
            }
            return busy;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime of a process (a pid or "self"); -1 when unreadable. */
    private static long processTicks(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
