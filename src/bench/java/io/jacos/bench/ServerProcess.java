package io.jacos.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The server's own resource use, read from {@code /proc/<pid>}: CPU time (utime + stime), resident memory and threads.
 * Only the server process is measured, never the benchmark JVM that shares the machine with it.
 */
final class ServerProcess {

    private final long pid;
    private final long ticksPerSecond;

    ServerProcess(long pid) {
        this.pid = pid;
        this.ticksPerSecond = clockTicksPerSecond();
    }

    boolean known() {
        return pid > 0 && Files.exists(Path.of("/proc", Long.toString(pid), "stat"));
    }

    long pid() {
        return pid;
    }

    long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** Total CPU time the process used so far, in microseconds; -1 when it cannot be read. */
    long cpuMicros() {
        if (!known()) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            // The command name (field 2) may contain spaces; the fields after its closing paren are fixed.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime (fields 14 and 15)
            return ticks * 1_000_000L / ticksPerSecond;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Resident set size in KiB (VmRSS); -1 when it cannot be read. */
    long rssKib() {
        return status("VmRSS:");
    }

    /** The highest resident set size the process reached so far, in KiB (VmHWM); -1 when it cannot be read. */
    long peakRssKib() {
        return status("VmHWM:");
    }

    /** The process's threads now; -1 when it cannot be read. */
    long threads() {
        return status("Threads:");
    }

    private long status(String key) {
        if (!known()) {
            return -1;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** {@code getconf CLK_TCK}; 100 on every usual Linux, used when getconf is missing. */
    private static long clockTicksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Long.parseLong(out);
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }

    /** CPU used between two readings, per operation, in µs; NaN when either reading failed or nothing ran. */
    static double perOp(long beforeMicros, long afterMicros, long ops) {
        if (beforeMicros < 0 || afterMicros < 0 || ops <= 0) {
            return Double.NaN;
        }
        return (afterMicros - beforeMicros) / (double) ops;
    }
}
