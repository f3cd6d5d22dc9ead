package io.jacos.transport.http;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * This server's version, the Maven project version the build writes into {@code io/jacos/version.properties}
 * (a filtered resource), as the console's server state and the member list show it.
 */
@ApplicationScoped
public class ServerVersion {

    static final String RESOURCE = "/io/jacos/version.properties";

    private String version;

    @PostConstruct
    void load() {
        version = read(ServerVersion.class.getResourceAsStream(RESOURCE));
    }

    static String read(InputStream in) {
        if (in == null) {
            return "unknown";
        }
        try (in) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    public String version() {
        return version;
    }
}
