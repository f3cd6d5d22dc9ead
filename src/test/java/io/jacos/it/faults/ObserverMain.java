package io.jacos.it.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs on a host of its own that no fault cuts off, and asks every node, every {@code intervalMillis}, for every
 * service's instances over HTTP ({@code /nacos/v1/ns/instance/list}, healthy or not). One line per answer:
 * {@code VIEW t node service ip:port,...} (sorted, {@code !} marks unhealthy), or {@code VIEW t node service ERR}
 * when the node did not answer. Arguments: {@code intervalMillis node,node,... service,service,...}.
 */
public final class ObserverMain {

    public static final String READY = "OBSERVING";

    private ObserverMain() {
    }

    public static void main(String[] args) throws Exception {
        long interval = Long.parseLong(args[0]);
        String[] nodes = args[1].split(",");
        String[] services = args[2].split(",");
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(1)).build();
        ObjectMapper json = new ObjectMapper();
        System.out.println(READY);
        while (true) {
            long round = System.currentTimeMillis();
            for (String node : nodes) {
                for (String service : services) {
                    System.out.println("VIEW " + System.currentTimeMillis() + " " + node + " " + service + " "
                            + ask(http, json, node, service));
                }
            }
            System.out.flush();
            Thread.sleep(Math.max(0, round + interval - System.currentTimeMillis()));
        }
    }

    private static String ask(HttpClient http, ObjectMapper json, String node, String service) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + node
                    + "/nacos/v1/ns/instance/list?healthyOnly=false&serviceName="
                    + URLEncoder.encode(service, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(2)).build();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                return "ERR";
            }
            List<String> hosts = new ArrayList<>();
            for (JsonNode host : json.readTree(answer.body()).path("hosts")) {
                hosts.add(host.path("ip").asText() + ":" + host.path("port").asInt()
                        + (host.path("healthy").asBoolean(true) ? "" : "!"));
            }
            return hosts.stream().sorted().collect(Collectors.joining(","));
        } catch (Exception e) {
            return "ERR";
        }
    }
}
