package io.jacos.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the scale scenarios read from the server besides {@code /proc}: its heap in use right after a full GC
 * ({@code jcmd GC.run}, then {@code jcmd GC.heap_info}), and the registry's counts from the Prometheus scrape
 * ({@code /nacos/actuator/prometheus}), which is how the soak checks that nothing was left behind.
 */
final class ServerProbe {

    /** The registry's counts; -1 for one the scrape did not carry. */
    record Counts(double instances, double subscribers, double grpcConnections, double connectionClients,
                  double services) {
        boolean empty() {
            return instances == 0 && subscribers == 0 && grpcConnections == 0 && connectionClients == 0;
        }
    }

    private static final Pattern HEAP_USED = Pattern.compile("total \\d+K, used (\\d+)K");

    private final long pid;
    private final URI metrics;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    ServerProbe(long pid, String serverAddr) {
        this.pid = pid;
        this.metrics = URI.create("http://" + serverAddr + "/nacos/actuator/prometheus");
    }

    /** Heap in use after a full collection, in bytes; -1 when jcmd cannot tell. */
    long heapAfterGc() {
        if (pid <= 0) {
            return -1;
        }
        jcmd("GC.run");
        Matcher m = HEAP_USED.matcher(jcmd("GC.heap_info"));
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
    }

    private String jcmd(String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(60, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    Counts counts() throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        String text = answer.body();
        return new Counts(value(text, "jacos_instances "), value(text, "jacos_subscribers "),
                value(text, "jacos_connections{transport=\"grpc\",}"), value(text, "jacos_clients{kind=\"connection\",}"),
                value(text, "jacos_services "));
    }

    /** The value on the line that starts with {@code prefix} (tags in Micrometer's order); -1 if none. */
    private static double value(String text, String prefix) {
        for (String line : text.split("\n")) {
            String normalized = line.replace(",}", "}");
            String wanted = prefix.replace(",}", "}");
            if (normalized.startsWith(wanted)) {
                return Double.parseDouble(normalized.substring(wanted.length()).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }
}
