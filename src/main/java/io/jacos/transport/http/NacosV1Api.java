package io.jacos.transport.http;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.Set;

/**
 * The {@code /nacos/v1} open API. Its resources are listed, not scanned, so each API version keeps its own
 * paths even where they look alike ({@code /v1/ns/instance} and {@code /v2/ns/instance} differ in shape).
 */
@ApplicationPath("v1")
public class NacosV1Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(ConsoleHealthResource.class);
    }
}
