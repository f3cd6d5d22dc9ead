package io.jacos.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What differs between the servers the WAR runs on, decided in this one place without vendor APIs.
 * <ul>
 *   <li>The HTTP port clients put in {@code serverAddr} (the gRPC port is derived from it): Payara Micro's
 *       {@code --port} or the bundle's {@code payaramicro.port}; WildFly's {@code jboss.http.port} (8080) plus
 *       {@code jboss.socket.binding.port-offset}; Payara Server's {@code http-listener-1} in its domain.xml;
 *       otherwise Nacos's 8848. The {@code server.port} setting overrides all of them.</li>
 *   <li>Managed executors and thread factories are the Jakarta EE defaults ({@code @Resource} without a
 *       name), which every server binds, so no vendor JNDI name appears in the code.</li>
 *   <li>Readiness is served by the WAR itself at {@code /nacos/v1/console/health/readiness}, because the
 *       servers publish MicroProfile Health in different places (WildFly only on its management port).</li>
 * </ul>
 */
@ApplicationScoped
public class HostServer {

    static final int NACOS_DEFAULT_PORT = 8848;
    static final int APP_SERVER_DEFAULT_PORT = 8080;

    private final UnaryOperator<String> systemProperties;

    public HostServer() {
        this(System::getProperty);
    }

    HostServer(UnaryOperator<String> systemProperties) {
        this.systemProperties = systemProperties;
    }

    /** The HTTP port this server was started with, as far as it can be told. */
    public int mainPort() {
        return payaraMicroPort()
                .or(this::wildFlyPort)
                .or(this::payaraServerPort)
                .orElse(NACOS_DEFAULT_PORT);
    }

    /** Payara Micro, whose HTTP listener the bundle binds to {@code server.address}; other servers bind their own. */
    public boolean payaraMicro() {
        return payaraMicroPort().isPresent();
    }

    private Optional<Integer> payaraMicroPort() {
        return fromCommandLine(property("sun.java.command").orElse(""))
                .or(() -> property("payaramicro.port").flatMap(HostServer::parse));
    }

    private Optional<Integer> wildFlyPort() {
        if (property("jboss.home.dir").isEmpty()) {
            return Optional.empty();
        }
        int port = property("jboss.http.port").flatMap(HostServer::parse).orElse(APP_SERVER_DEFAULT_PORT);
        int offset = property("jboss.socket.binding.port-offset").flatMap(HostServer::parse).orElse(0);
        return Optional.of(port + offset);
    }

    private Optional<Integer> payaraServerPort() {
        return property("com.sun.aas.instanceRoot").flatMap(root -> PayaraDomainXml.httpListenerPort(
                Path.of(root, "config", "domain.xml"),
                property("com.sun.aas.instanceName").orElse("server"),
                this::resolve));
    }

    /** Expands {@code ${name}} the way the domain's own system properties do. */
    private Optional<Integer> resolve(String value) {
        if (value.startsWith("${") && value.endsWith("}")) {
            return property(value.substring(2, value.length() - 1)).flatMap(HostServer::parse);
        }
        return parse(value);
    }

    private Optional<String> property(String name) {
        return Optional.ofNullable(systemProperties.apply(name));
    }

    static Optional<Integer> fromCommandLine(String command) {
        List<String> words = List.of(command.trim().split("\\s+"));
        for (int i = 0; i < words.size() - 1; i++) {
            if (words.get(i).equals("--port")) {
                return parse(words.get(i + 1));
            }
        }
        return Optional.empty();
    }

    private static Optional<Integer> parse(String value) {
        try {
            return value == null ? Optional.empty() : Optional.of(Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
