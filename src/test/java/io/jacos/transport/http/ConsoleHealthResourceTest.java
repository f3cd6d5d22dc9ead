package io.jacos.transport.http;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConsoleHealthResourceTest {

    @Test
    void nothingDownWhenEveryCheckIsUp() {
        assertEquals(List.of(), ConsoleHealthResource.down(List.of(check("grpc", true), check("storage", true))));
    }

    @Test
    void namesTheChecksThatAreDown() {
        assertEquals(List.of("grpc"), ConsoleHealthResource.down(List.of(check("grpc", false), check("storage", true))));
    }

    private static HealthCheck check(String name, boolean up) {
        HealthCheckResponse.Status status = up ? HealthCheckResponse.Status.UP : HealthCheckResponse.Status.DOWN;
        return () -> new HealthCheckResponse(name, status, Optional.empty());
    }
}
