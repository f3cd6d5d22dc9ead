package io.jacos.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server the benchmark measures: one it starts itself, from a Jacos bundle or from the real Nacos server's jar,
 * or one already running that it attaches to by address and pid. A run only sees start-up figures for the servers
 * it starts.
 */
sealed interface BenchServer {

    /** The setting that names the real Nacos server's jar (built from alibaba/nacos outside this repository). */
    String NACOS_JAR_SETTING = "bench.nacos.jar";

    String label();

    /** Where it comes from, for the table's legend. */
    String origin();

    record JacosBundle(String label, Path jar) implements BenchServer {
        @Override
        public String origin() {
            return jar == null ? "the built bundle" : jar.toAbsolutePath().toString();
        }
    }

    record NacosJar(String label, Path jar) implements BenchServer {
        @Override
        public String origin() {
            return "Nacos " + jar.toAbsolutePath();
        }
    }

    record Running(String label, String serverAddr, long pid) implements BenchServer {
        @Override
        public String origin() {
            return "running at " + serverAddr + ", pid " + pid;
        }
    }

    Pattern RUNNING = Pattern.compile("([^=@:\\s]+:\\d{1,5})@(\\d+)");

    /**
     * The servers of {@code bench.servers}: comma-separated {@code name=host:port@pid} (attach), {@code name=nacos}
     * (start the jar {@code bench.nacos.jar} names) or {@code name=/path/bundle.jar} (start a Jacos bundle).
     */
    static List<BenchServer> parse(String servers, String nacosJar) {
        List<BenchServer> parsed = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (String entry : split(servers)) {
            int eq = entry.indexOf('=');
            if (eq <= 0 || eq == entry.length() - 1) {
                throw new IllegalArgumentException("bench.servers: '" + entry
                        + "' is not name=host:port@pid, name=nacos or name=/path/to/bundle.jar");
            }
            String name = entry.substring(0, eq).strip();
            String value = entry.substring(eq + 1).strip();
            if (!names.add(name)) {
                throw new IllegalArgumentException("bench.servers: the name '" + name + "' is given twice");
            }
            Matcher running = RUNNING.matcher(value);
            if (running.matches()) {
                parsed.add(new Running(name, running.group(1), Long.parseLong(running.group(2))));
            } else if (value.equals("nacos")) {
                parsed.add(new NacosJar(name, nacosJar(nacosJar)));
            } else if (value.endsWith(".jar")) {
                parsed.add(new JacosBundle(name, existing(Path.of(value), "bench.servers: no Jacos bundle at ")));
            } else {
                throw new IllegalArgumentException("bench.servers: '" + value + "' (for " + name
                        + ") is not host:port@pid, nacos or a bundle .jar");
            }
        }
        return parsed;
    }

    /** The older form, {@code bench.bundles=a.jar,b.jar}: Jacos bundles labelled by file (or folder) name. */
    static List<BenchServer> bundles(String bundles) {
        List<Path> paths = split(bundles).stream().map(Path::of).toList();
        List<String> labels = SideBySide.labels(paths);
        List<BenchServer> parsed = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            parsed.add(new JacosBundle(labels.get(i), existing(paths.get(i), "bench.bundles: no bundle at ")));
        }
        return parsed;
    }

    /** The Nacos jar the setting names; a clear refusal when it is not set or not there. */
    static Path nacosJar(String setting) {
        if (setting == null || setting.isBlank()) {
            throw new IllegalArgumentException(NACOS_JAR_SETTING + " is not set: give the path of the Nacos 2.5.1 "
                    + "server jar (nacos-server.jar, built from alibaba/nacos tag 2.5.1 outside this repository; "
                    + "see docs/benchmark.md)");
        }
        return existing(Path.of(setting), NACOS_JAR_SETTING + ": no Nacos server jar at ");
    }

    private static Path existing(Path path, String refusal) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(refusal + path.toAbsolutePath());
        }
        return path;
    }

    private static List<String> split(String commaSeparated) {
        return commaSeparated == null ? List.of() : Arrays.stream(commaSeparated.split(","))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
