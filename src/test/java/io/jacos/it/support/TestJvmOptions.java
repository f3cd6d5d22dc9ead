package io.jacos.it.support;

import java.util.Arrays;
import java.util.List;

/**
 * JVM options for the processes a test run starts (servers, client JVMs, app servers), from
 * {@code jacos.it.jvmArgs}. The build sets it to {@code -XX:TieredStopAtLevel=1}: a server that lives for one
 * test class spends half its start-up CPU in the C2 compiler for code it never runs long enough to profit from,
 * and three cluster nodes starting at once on two cores wait on each other's compiler threads. The benchmark
 * never sets it, so its servers run as users run them.
 */
public final class TestJvmOptions {

    private TestJvmOptions() {
    }

    public static List<String> list() {
        String options = System.getProperty("jacos.it.jvmArgs", "").strip();
        return options.isEmpty() ? List.of() : Arrays.asList(options.split("\\s+"));
    }

    /** The same, as one string to prepend to an options variable such as {@code JAVA_TOOL_OPTIONS}. */
    public static String joined() {
        return String.join(" ", list());
    }
}
