package io.jacos.it.support;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A probe run as a process of its own, so it can run on another host ({@link NetworkNamespaces}). JDK only.
 * <ul>
 *   <li>{@code http URL TEXT SECONDS [TIMES]}: asks until the answer is 200 and holds TEXT (at least TIMES times,
 *       once by default), for at most SECONDS; prints {@code OK} and exits 0, else prints the last answer and exits
 *       1;</li>
 *   <li>{@code closed HOST PORT...}: tries a TCP connection to each port (3 s each); prints {@code REACHABLE port} and
 *       exits 1 when any is accepted, else exits 0.</li>
 * </ul>
 */
public final class NetProbeMain {

    public static final String OK = "OK";

    private NetProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(switch (args[0]) {
            case "http" -> http(URI.create(args[1]), args[2], Duration.ofSeconds(Long.parseLong(args[3])),
                    args.length > 4 ? Integer.parseInt(args[4]) : 1);
            case "closed" -> closed(args);
            default -> throw new IllegalArgumentException("unknown probe " + args[0]);
        });
    }

    private static int http(URI uri, String text, Duration limit, int times) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build();
        AtomicReference<String> last = new AtomicReference<>("nothing yet");
        try {
            Awaitility.await("an answer from " + uri).atMost(limit).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(250)).until(() -> answers(client, request, text, times, last));
            System.out.println(OK);
            return 0;
        } catch (ConditionTimeoutException e) {
            System.out.println("last answer from " + uri + ": " + last.get());
            return 1;
        }
    }

    /** True when the answer is 200 with the text that often; what came back (or went wrong) is kept for the report. */
    private static boolean answers(HttpClient client, HttpRequest request, String text, int times,
                                   AtomicReference<String> last) throws InterruptedException {
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            last.set(response.statusCode() + " " + response.body());
            return response.statusCode() == 200 && response.body().split(java.util.regex.Pattern.quote(text), -1).length
                    > times;
        } catch (IOException e) {
            last.set(e.toString());
            return false;
        }
    }

    private static int closed(String[] args) {
        int reachable = 0;
        for (int i = 2; i < args.length; i++) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(args[1], Integer.parseInt(args[i])), 3000);
                System.out.println("REACHABLE " + args[i]);
                reachable++;
            } catch (IOException e) {
                System.out.println("closed " + args[i] + ": " + e);
            }
        }
        return reachable == 0 ? 0 : 1;
    }
}
