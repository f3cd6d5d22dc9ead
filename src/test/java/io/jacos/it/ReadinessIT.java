package io.jacos.it;

import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MicroProfile readiness reports the gRPC server, on the port clients derive from the HTTP port, and the naming
 * store on its embedded H2 (the WAR's own, not the server's); Nacos's own
 * probe paths under {@code /nacos/v1/console/health} give the same answer.
 */
@ExtendWith(SharedServer.class)
class ReadinessIT {

    @Test
    void readinessIsUpWithTheGrpcPortClientsDerive() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://" + SharedServer.serverAddr() + "/health/ready"))
                        .timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, response.statusCode());
        String body = response.body().replace(" ", "");
        assertTrue(body.contains("\"name\":\"grpc\",\"status\":\"UP\""), body);
        assertTrue(body.contains("\"address\":\"127.0.0.1:" + (SharedServer.HTTP_PORT + 1000) + "\""), body);
        assertTrue(body.contains("\"name\":\"naming-store\",\"status\":\"UP\""), body);
        assertTrue(body.contains("H22.5.252"), "the WAR's own H2, not Payara's: " + body);
    }

    @Test
    void nacosProbePathsAnswerOk() throws Exception {
        for (String probe : new String[]{"readiness", "liveness"}) {
            HttpResponse<String> response = get("/nacos/v1/console/health/" + probe);
            assertEquals(200, response.statusCode(), probe);
            assertEquals("OK", response.body(), probe);
        }
    }

    /**
     * Grizzly's HTTP/2 upgrade path can deadlock two of Payara's HTTP threads (seen with a JDK HttpClient's h2c
     * offer while the application was still deploying), so the listener declines the upgrade.
     */
    @Test
    void anHttp2UpgradeOfferIsAnsweredInHttp11() throws Exception {
        HttpResponse<String> response = get("/nacos/v1/console/health/liveness");

        assertEquals(HttpClient.Version.HTTP_1_1, response.version());
        assertEquals(200, response.statusCode());
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://" + SharedServer.serverAddr() + path))
                        .timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
